// The tablet's taps waiting to be sent (decision 012), oldest first: kept in localStorage by table, each with its own
// id, so a reload or a restart still sends them and the server applies each once. A league card's frame buttons keep
// theirs here too, by fixture (`fixture:{id}`, no table's code has a colon): leagues/client/frame-outbox.ts.

/** A tap's JSON body: the form's fields (numbers as numbers) and its id, made here. */
type TapBody = { tapId: string; [field: string]: string | number | undefined };
/** `kind`: the last part of the tap's address (racks, undo, lag, confirm…). */
export type Tap = { kind: string; body: TapBody };

/** `queue`: a table's code, or another queue's name. */
const keyOf = (queue: string) => `taps:${queue}`;
/** The fields sent as numbers. */
const NUMBERS = ["player", "winner", "player1Score", "player2Score"];

export function storedTaps(code: string): Tap[] {
  try {
    const queue: unknown = JSON.parse(localStorage.getItem(keyOf(code)) || "[]");
    return Array.isArray(queue) ? queue : [];
  } catch {
    return [];
  }
}

export function saveTaps(code: string, queue: readonly Tap[]): void {
  try {
    localStorage.setItem(keyOf(code), JSON.stringify(queue));
  } catch {
    // Storage full or unavailable: the taps still wait in memory.
  }
}

export function newTapId(): string {
  const bytes = new Uint8Array(16);
  crypto.getRandomValues(bytes);
  let id = "";
  for (let i = 0; i < bytes.length; i++) id += ((bytes[i] as number) + 256).toString(16).slice(1);
  return id;
}

/** The tap `form` sends: its filled fields but the intent, the id and the buttons, and `button` if it sent it. */
export function tapFrom(form: HTMLFormElement, kind: string, button: HTMLButtonElement | null): Tap {
  const body: TapBody = { tapId: newTapId() };
  const fields = form.elements;
  for (let i = 0; i < fields.length; i++) {
    const field = fields[i] as HTMLInputElement;
    if (field.name && field.name !== "intent" && field.name !== "tapId" && field.type !== "submit" && field.value) {
      body[field.name] = field.value;
    }
  }
  if (button && button.form === form && button.name) body[button.name] = button.value;
  for (const name of NUMBERS) if (body[name] !== undefined) body[name] = Number(body[name]);
  return { kind, body };
}
