// A card payment's life (DESIGN §4), the same for Stripe and the simulated
// provider: refunded is ours, for a payment that arrived too late to count.
export const paymentStatuses = ["requires_payment_method", "succeeded", "declined", "canceled", "refunded"] as const;
