// Money is integer pence (docs/decisions/002). Conversions happen only at the
// edges: "12.50" in the JSON API, "£12.50" on screen.
export type Pence = number;

/** 1250 → "12.50"; -75 → "-0.75". */
export function penceToDecimal(pence: Pence): string {
  const sign = pence < 0 ? "-" : "";
  const abs = Math.abs(pence);
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, "0")}`;
}

/** 1250 → "£12.50"; 123456 → "£1,234.56"; -75 → "−£0.75". */
export function formatGBP(pence: Pence): string {
  const abs = Math.abs(pence);
  const pounds = Math.floor(abs / 100).toLocaleString("en-GB");
  return `${pence < 0 ? "−" : ""}£${pounds}.${String(abs % 100).padStart(2, "0")}`;
}
