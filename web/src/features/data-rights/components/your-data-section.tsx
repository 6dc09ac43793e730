/** /profile's data rights (issue 22): download my data, delete my account. */
export function YourDataSection() {
  return null;
}
