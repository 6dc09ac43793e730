/** The console's grievances (issue 22). */
export function GrievancesPage() {
  return <h1 className="font-display text-3xl font-bold">Grievances</h1>;
}
