import { Form } from "antd-mobile";
import { useEffect, useRef, useState, type ReactNode } from "react";
import { useActionData, useNavigate, useNavigation, useSubmit } from "react-router";
import type { GoBack } from "#app/lib/after-form.ts";
import { useSubmission } from "#app/lib/submission.ts";
import { FormSubmit } from "./form-submit.tsx";

export type FieldErrors = Partial<Record<string, string>> & { form?: string };
type Values = Record<string, unknown>;

interface Props {
  /** The route action's `errors` (from `data({ errors }, { status: 400 })`). */
  errors?: FieldErrors;
  submitText: ReactNode;
  initialValues?: Values;
  /** Turns the field values into what the action reads (default: every value as a string). */
  toSubmission?: (values: Values) => Record<string, string>;
  /** Blocks submitting, e.g. while an upload is pending. */
  busy?: boolean;
  /**
   * The action's call is done once per `request_id`: each submission carries one (a resend of the same values
   * keeps it), and a success empties the form and starts a new one (decision 058).
   */
  once?: boolean;
  children: ReactNode;
}

const NO_ERRORS: FieldErrors = {};
const asStrings = (values: Values) => Object.fromEntries(Object.entries(values).map(([k, v]) => [k, v == null ? "" : String(v)]));

/**
 * An antd-mobile form whose submit goes to the route's clientAction. NOTE: validation lives in the action
 * only; its errors are shown on the fields, so the rules are not written twice.
 */
export function ActionForm({ errors = NO_ERRORS, submitText, initialValues, toSubmission = asStrings, busy = false, once = false, children }: Props) {
  const [form] = Form.useForm();
  const submit = useSubmit();
  // Through the loading that follows a successful action too: a second tap then would submit again (a
  // second register of the same phone answers "already registered" to a member who is logged in).
  const navigation = useNavigation();
  // A success that goes back (after-form.ts): once, and the form stays disabled until it has gone.
  const answer = useActionData<GoBack | { errors?: FieldErrors } | object>();
  const goBack = Boolean(answer && "back" in answer);
  const succeeded = once && answer && !("errors" in answer && answer.errors) ? answer : undefined;
  const submission = useSubmission(succeeded);
  useEffect(() => {
    if (succeeded) form.resetFields();
  }, [succeeded, form]);
  const pending = (navigation.state !== "idle" && navigation.formData !== undefined) || goBack;
  const navigate = useNavigate();
  const wentBackFor = useRef<unknown>(null);
  useEffect(() => {
    if (!goBack || wentBackFor.current === answer) return;
    wentBackFor.current = answer;
    void navigate(-1);
  }, [goBack, answer, navigate]);

  useEffect(() => {
    const names = form.getFieldsError().map((f) => f.name.join("."));
    form.setFields(names.map((name) => ({ name, errors: errors[name] ? [errors[name]] : [] })));
  }, [errors, form]);
  // An answer's errors are about what was sent: an edited field's goes, and the form's too.
  const [editedSince, setEditedSince] = useState<FieldErrors | undefined>(undefined);

  return (
    <Form
      form={form}
      layout="horizontal"
      mode="card"
      initialValues={initialValues}
      onFinish={(values: Values) => {
        if (pending) return;
        const fields = toSubmission(values);
        void submit(once ? { ...fields, request_id: submission.idFor(fields) } : fields, { method: "post", replace: true });
      }}
      onValuesChange={(changed: Values) => {
        form.setFields(Object.keys(changed).map((name) => ({ name, errors: [] })));
        setEditedSince(errors);
      }}
      footer={
        <FormSubmit error={editedSince === errors ? undefined : errors.form} pending={pending} disabled={busy}>
          {submitText}
        </FormSubmit>
      }
    >
      {children}
    </Form>
  );
}
