import { Button } from "#app/components/kit/button.tsx";
import type { ReactNode } from "react";

/** A form's failure line and its submit button, disabled while pending so a double tap submits once. */
export function FormSubmit({ error, pending, disabled = false, children }: { error?: string; pending: boolean; disabled?: boolean; children: ReactNode }) {
  return (
    <>
      <p className="form-error" role="alert">
        {error}
      </p>
      <div className="form-submit">
        <Button block type="submit" color="primary" size="large" loading={pending} disabled={pending || disabled}>
          {children}
        </Button>
      </div>
    </>
  );
}
