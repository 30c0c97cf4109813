// The forms' state in the browser: which fields were checked, their
// messages, their current values and the ARIA that ties each message to its
// field. The server's reply (Conform's `submission.reply()`) is the same
// shape without JavaScript and with it; in the browser each field is checked
// as the user leaves it (and again as they correct it), and a form with a
// problem is not sent. Small forms check with the action's own schema in the
// browser; a form whose schema is large asks its action instead (`intent` =
// "validate": the action answers with its reply and writes nothing), so the
// page carries no Zod at all. A few hundred lines of Conform's client are
// replaced by this one hook so that a form page stays light (decision 016): the
// schemas are built with "zod/mini" for the same reason.
import { useEffect, useRef, useState, type FormEvent, type FocusEvent } from "react";
import { useFetcher } from "react-router";
import type { $ZodType, input } from "zod/v4/core";
import { useHydrated } from "./hydrated.ts";

/** What a form action replies: Conform's `SubmissionResult`, as far as the page reads it. */
export type SubmissionResult = {
  status?: "success" | "error";
  initialValue?: Record<string, unknown> | null;
  error?: Record<string, string[] | null> | null;
};

/** The part of a Zod schema (classic or mini) the browser needs. */
type Schema = {
  safeParse(data: unknown): { success: true } | { success: false; error: { issues: readonly Issue[] } };
};
type Issue = { path: readonly PropertyKey[]; message: string };
/** The names of a schema's fields, from what it takes in. */
type FieldsOf<S> = S extends $ZodType ? Extract<keyof NonNullable<input<S>>, string> : string;

export type FieldMeta = {
  id: string;
  name: string;
  formId: string;
  errorId: string;
  descriptionId: string;
  /** The field's messages once it has been checked (left, submitted, or answered by the server). */
  errors: string[] | undefined;
  /** What the field holds now. */
  value: string | undefined;
  /** What it held when the page was drawn: its default, or what was sent. */
  initialValue: string | undefined;
  required: boolean;
};

type FormMeta = {
  id: string;
  errorId: string;
  errors: string[] | undefined;
};

type Values = Record<string, string | undefined>;
type Errors = Record<string, string[]>;

const FORM_ERRORS = "";
/** The `intent` a form sends when it only asks its action to check it. */
export const VALIDATE_INTENT = "validate";
/** How long the server check waits while the user is still correcting a field. */
const RECHECK_DELAY_MS = 300;

/** Form data as the schema reads it: an empty field is a missing one (as Conform's parse has it). */
function formValues(form: HTMLFormElement): Record<string, string | string[] | undefined> {
  const values: Record<string, string | string[] | undefined> = {};
  for (const [name, entry] of new FormData(form)) {
    const value = typeof entry === "string" && entry !== "" ? entry : undefined;
    const previous = values[name];
    if (previous === undefined && !(name in values)) values[name] = value;
    else if (value !== undefined) values[name] = [...(Array.isArray(previous) ? previous : [previous ?? ""]), value];
  }
  return values;
}

function check(schema: Schema | undefined, form: HTMLFormElement): Errors {
  if (!schema) return {};
  const result = schema.safeParse(formValues(form));
  const errors: Errors = {};
  if (result.success) return errors;
  for (const issue of result.error.issues) {
    const name = issue.path.map(String).join(".") || FORM_ERRORS;
    const list = errors[name] ?? [];
    if (!list.includes(issue.message)) list.push(issue.message);
    errors[name] = list;
  }
  return errors;
}

const asText = (value: unknown): string | undefined =>
  typeof value === "string" ? value : Array.isArray(value) && typeof value[0] === "string" ? value[0] : undefined;

function textValues(values: Record<string, unknown> | null | undefined): Values {
  const text: Values = {};
  for (const [name, value] of Object.entries(values ?? {})) text[name] = asText(value);
  return text;
}

function replyErrors(result: SubmissionResult | null | undefined): Errors {
  const errors: Errors = {};
  for (const [name, list] of Object.entries(result?.error ?? {})) if (list?.length) errors[name] = list;
  return errors;
}

/** A form's values as sent, for telling whether a check still describes them. */
function sentValues(data: FormData): string {
  const body = new URLSearchParams();
  for (const [name, value] of data) if (name !== "intent" && typeof value === "string") body.append(name, value);
  return body.toString();
}

/**
 * The action's check: the reply to the latest one replaces the messages (`onReply`); `checkedValues` is what the
 * reply described.
 */
function useServerCheck(onReply: (errors: Errors) => void) {
  const checker = useFetcher<{ result?: SubmissionResult | null }>();
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  // The values of the check on its way, read from the request itself as the page draws it: a reply is for the
  // request drawn last before it (a new check's values must not be taken for the answer to an older one).
  const inFlight = useRef("");
  if (checker.formData) inFlight.current = sentValues(checker.formData);
  const [checkedValues, setCheckedValues] = useState<string | null>(null);
  useEffect(() => {
    if (checker.state !== "idle" || !checker.data?.result) return;
    onReply(replyErrors(checker.data.result));
    setCheckedValues(inFlight.current);
  }, [checker.state, checker.data, onReply]);
  useEffect(() => () => clearTimeout(timer.current), []);

  const ask = (form: HTMLFormElement, delay: number) => {
    clearTimeout(timer.current);
    timer.current = setTimeout(() => {
      const body = new FormData(form);
      body.set("intent", VALIDATE_INTENT);
      // Nothing changed on the server: the page's data stays as it is.
      void checker.submit(body, { method: "post", defaultShouldRevalidate: false });
    }, delay);
  };
  return { ask, cancel: () => clearTimeout(timer.current), checkedValues };
}

/** The messages the action's replies give, and the fields checked so far (which show theirs). */
function useReplyErrors(lastResult: SubmissionResult | null | undefined) {
  const [errors, setErrors] = useState<Errors>(() => replyErrors(lastResult));
  // A field shows its messages once checked: left, submitted, or answered by the server.
  const [checked, setChecked] = useState<ReadonlySet<string>>(() => new Set(Object.keys(replyErrors(lastResult))));

  // A new reply from the action: its messages replace the browser's.
  useEffect(() => {
    if (!lastResult) return;
    const reply = replyErrors(lastResult);
    setErrors(reply);
    setChecked((before) => new Set([...before, ...Object.keys(reply)]));
  }, [lastResult]);
  return { errors, setErrors, checked, setChecked };
}

/** The name of the field an event happened in ("" when it was not in one). */
const fieldName = (target: EventTarget) =>
  target instanceof HTMLInputElement || target instanceof HTMLSelectElement || target instanceof HTMLTextAreaElement
    ? target.name
    : "";

/** Each field's meta by its name (`fields.name`): its ids, its messages as shown, its values. */
function fieldsOf<Fields extends string>(
  formId: string,
  state: {
    shown: (name: string) => string[] | undefined;
    values: Values;
    initial: Values;
    required: readonly Fields[];
  },
): Record<Fields, FieldMeta> {
  const field = (name: Fields): FieldMeta => {
    const fieldId = `${formId}-${name}`;
    return {
      id: fieldId,
      name,
      formId,
      errorId: `${fieldId}-error`,
      descriptionId: `${fieldId}-description`,
      errors: state.shown(name),
      value: state.values[name],
      initialValue: state.initial[name],
      required: state.required.includes(name),
    };
  };
  return new Proxy({} as Record<Fields, FieldMeta>, {
    get: (_target, name) => (typeof name === "string" ? field(name as Fields) : undefined),
  });
}

export function useForm<S extends Schema, Fields extends string = FieldsOf<S>>({
  id,
  schema,
  serverCheck = false,
  lastResult,
  defaultValue,
  required = [],
  checkOnBlur = true,
}: {
  id: string;
  /**
   * The action's schema, run in the browser too. Left out where one field checked on submit does not earn
   * Zod's weight on the page (the action answers with the same messages): then give the schema's type.
   */
  schema?: S;
  /**
   * Without a schema: check each field with the action as the user leaves it. The route's action answers
   * a post with `intent` "validate" with its reply (`{ result }`) and writes nothing.
   */
  serverCheck?: boolean;
  /** False: a field is first checked when the form is submitted, not when it is left. */
  checkOnBlur?: boolean;
  lastResult?: SubmissionResult | null;
  defaultValue?: NoInfer<Partial<Record<Fields, string>>>;
  /** The fields the browser itself marks required (without JavaScript it enforces them). */
  required?: NoInfer<readonly Fields[]>;
}) {
  const hydrated = useHydrated();
  const initial: Values = { ...defaultValue, ...textValues(lastResult?.initialValue) };
  const [values, setValues] = useState<Values>(initial);
  const { errors, setErrors, checked, setChecked } = useReplyErrors(lastResult);
  const server = useServerCheck(setErrors);

  const revalidate = (form: HTMLFormElement, also?: string, delay = 0) => {
    if (serverCheck && !schema) server.ask(form, delay);
    else setErrors(check(schema, form));
    if (also !== undefined) setChecked((before) => (before.has(also) ? before : new Set([...before, also])));
  };

  const onBlur = (event: FocusEvent<HTMLFormElement>) => {
    const name = fieldName(event.target);
    if (name && checkOnBlur) revalidate(event.currentTarget, name);
  };

  const onChange = (event: FormEvent<HTMLFormElement>) => {
    const form = event.currentTarget;
    setValues(textValues(formValues(form)));
    if (checked.has(fieldName(event.target))) revalidate(form, undefined, RECHECK_DELAY_MS);
  };

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    const form = event.currentTarget;
    server.cancel();
    // Checked by the action: held back only when its latest answer, for exactly these values, found a problem
    // (otherwise the form goes, and the action answers a problem as it does without JavaScript).
    const found =
      !serverCheck || schema
        ? check(schema, form)
        : server.checkedValues === sentValues(new FormData(form))
          ? errors
          : {};
    setErrors(found);
    const names = Object.keys(found);
    if (!names.length) return;
    event.preventDefault();
    setChecked((before) => new Set([...before, ...names, ...new FormData(form).keys()]));
    const first = names
      .map((name) => form.elements.namedItem(name))
      .find((el): el is HTMLElement => el instanceof HTMLElement);
    first?.focus();
  };

  const shown = (name: string) => (checked.has(name) ? errors[name] : undefined);
  const fields = fieldsOf<Fields>(id, { shown, values, initial, required });

  const formErrors = shown(FORM_ERRORS) ?? errors[FORM_ERRORS];
  const form: FormMeta & { props: Record<string, unknown> } = {
    id,
    errorId: `${id}-error`,
    errors: formErrors,
    props: {
      id,
      // Without JavaScript the browser checks what it can (required fields); with it, this hook does.
      noValidate: hydrated || undefined,
      onSubmit,
      onBlur,
      onChange,
      "aria-invalid": formErrors ? true : undefined,
      "aria-describedby": formErrors ? `${id}-error` : undefined,
    },
  };
  return [form, fields] as const;
}

/** An input's attributes for its field: name, id, value as drawn, and the links to its message and hint. */
export function inputProps(meta: FieldMeta, options: { type?: string; ariaDescribedBy?: string; value?: string } = {}) {
  const invalid = meta.errors !== undefined;
  // One of a group of radios: its own value, checked when it is the field's.
  const choice =
    options.type === "radio"
      ? { value: options.value, defaultChecked: meta.initialValue === options.value }
      : { id: meta.id, defaultValue: meta.initialValue };
  return {
    ...choice,
    name: meta.name,
    form: meta.formId,
    type: options.type,
    required: meta.required || undefined,
    "aria-invalid": invalid || undefined,
    "aria-describedby": invalid
      ? `${meta.errorId} ${options.ariaDescribedBy ?? ""}`.trim()
      : options.ariaDescribedBy || undefined,
  };
}
