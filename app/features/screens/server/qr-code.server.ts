// QR codes drawn on the server (uqr), so a page that shows one carries no encoder to the browser.
import { encode } from "uqr";
import { QR_OPTIONS, qrPath } from "~/features/screens/domain/qr-path.ts";

/** The code for `text`: its width in modules (quiet zone included) and its dark modules as one SVG path. */
export function qrCode(text: string): { size: number; path: string } {
  const { size, data } = encode(text, QR_OPTIONS);
  return { size, path: qrPath(data) };
}
