// A read-only value with a Copy button. Without JavaScript the text can be
// selected and copied by hand.
import { useEffect, useState } from "react";
import { useToast } from "./toaster.tsx";

/**
 * Copying to the clipboard: the toast says so, and the button that did it reads "Copied" for a moment — the toast
 * stands at the top of the page, out of sight when the button is further down. `copied` is that button's key.
 */
export function useCopy() {
  const { show } = useToast();
  const [copied, setCopied] = useState<string | null>(null);
  useEffect(() => {
    if (copied === null) return;
    const timer = setTimeout(() => setCopied(null), 2000);
    return () => clearTimeout(timer);
  }, [copied]);
  async function copy(key: string, text: string, description: string) {
    try {
      await navigator.clipboard.writeText(text);
      show({ type: "success", title: "Copied!", description });
      setCopied(key);
    } catch {
      show({ type: "error", title: "Failed to copy", description: "Select the text and copy it instead." });
    }
  }
  return { copy, copied };
}

export function CopyBox({ label, value, copiedMessage }: { label: string; value: string; copiedMessage: string }) {
  const { copy, copied } = useCopy();
  const id = `copy-${label.replace(/\W+/g, "-").toLowerCase()}`;
  return (
    <div className="space-y-1.5">
      <label htmlFor={id} className="block text-sm font-medium">
        {label}
      </label>
      <div className="flex gap-2">
        <input
          id={id}
          readOnly
          value={value}
          onFocus={(event) => event.currentTarget.select()}
          className={
            "block w-full min-w-0 rounded-lg border border-slate-300 bg-slate-50 px-3 py-2 text-sm " +
            "dark:border-slate-700 dark:bg-slate-950"
          }
        />
        <button
          type="button"
          onClick={() => copy(id, value, copiedMessage)}
          className="btn-secondary min-w-22 shrink-0"
        >
          {copied === id ? "Copied" : "Copy"}
        </button>
      </div>
    </div>
  );
}
