// Why a card did not go through, where the player is looking: under the card
// field and above Pay. A toast at the foot of a phone's screen lay over both.

/** The message's element id, for the card field's `aria-describedby`. */
export const CARD_ERROR_ID = "card-error";

/**
 * "Payment Failed" and the provider's message, or nothing. The alert region is
 * always there, so a screen reader listening for it hears the next failure.
 */
export function CardError({ message }: { message: string | null }) {
  return (
    <div id={CARD_ERROR_ID} role="alert" data-testid="card-error" className="empty:hidden">
      {message ? (
        <div
          className={
            "rounded-lg border border-red-300 bg-red-50 px-3 py-2 text-sm text-red-800 " +
            "dark:border-red-800 dark:bg-red-950 dark:text-red-200"
          }
        >
          <p className="font-semibold">Payment Failed</p>
          <p>{message}</p>
        </div>
      ) : null}
    </div>
  );
}
