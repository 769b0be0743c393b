/** The outcome of a form: a success confirmation or the server's message. */
export type Status = { ok: boolean; text: string } | null;

/**
 * Two live regions that stay mounted (empty until there is something to say), so screen
 * readers announce the text as it appears.
 */
export function FormStatus({ status, testId }: { status: Status; testId?: string }) {
  return (
    <>
      <div role="status" className="sec-live">
        {status?.ok && (
          <p className="sec-status sec-status-ok" data-testid={testId ? `${testId}-ok` : undefined}>
            {status.text}
          </p>
        )}
      </div>
      <div role="alert" className="sec-live">
        {status && !status.ok && (
          <p className="sec-status sec-status-error" data-testid={testId ? `${testId}-error` : undefined}>
            {status.text}
          </p>
        )}
      </div>
    </>
  );
}
