import { GRIEVANCE_COPY } from '@domain/copy-grievances';
import { useGrievanceOfficer } from '../api/get-grievance-officer';

const T = GRIEVANCE_COPY.officer;

/**
 * The grievance officer as config names them (issue 22), with the rules' timings: on /contact,
 * in the privacy policy and the terms. Read from the API, so one setting changes every page.
 */
export function GrievanceOfficer() {
  const officer = useGrievanceOfficer();
  return (
    <>
      <p>{T.intro}</p>
      {officer.isPending ? (
        <p role="status">{T.loading}</p>
      ) : officer.isError ? (
        <p role="alert">{T.unavailable}</p>
      ) : (
        <address data-testid="grievance-officer" className="mt-4 not-italic">
          <strong>{officer.data.officer.name}</strong>, Grievance Officer, Tablemates
          <br />
          <a href={`mailto:${officer.data.officer.email}`}>{officer.data.officer.email}</a>
        </address>
      )}
      <p>{T.timings}</p>
    </>
  );
}
