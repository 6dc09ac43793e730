/**
 * A full reload: the notice's words and version are built into the app's code, so a tab still
 * running an older build can show the current notice only by loading the current build.
 */
export function reloadPage(): void {
  window.location.reload();
}
