import { useState, type FormEvent } from "react";
import { getErrorMessage } from "#gateway/errors.ts";
import { useSubmission } from "#app/lib/submission.ts";

/**
 * A form's send: pending while it runs, and the refusal's message for `FormError` beside the fields. The form
 * clears what was typed only inside `work`, after the gateway took it, so a refusal loses nothing. A call done
 * once per `request_id` takes `submission.idFor(fields)`: a resend of the same fields is the same submission,
 * and once `work` has gone through the next one is new (decision 058).
 */
export function useSubmit() {
  const [pending, setPending] = useState(false);
  const [error, setError] = useState("");
  const submission = useSubmission();
  const run = async (work: () => Promise<void>) => {
    setPending(true);
    setError("");
    try {
      await work();
      submission.done();
    } catch (e) {
      setError(getErrorMessage(e));
    } finally {
      setPending(false);
    }
  };
  const onSubmit = (send: () => unknown) => (e: FormEvent) => {
    e.preventDefault();
    void send();
  };
  return { pending, error, setError, run, onSubmit, submission };
}

export function FormError({ error }: { error: string }) {
  return error ? (
    <p className="services-error" role="alert">
      {error}
    </p>
  ) : null;
}
