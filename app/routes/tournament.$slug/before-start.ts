// The director's cards before the start — walk-ins paying at the bar, check-in and its QR code, starting ratings — as
// one piece the page loads only then (decision 016: one chunk, not two, for the page with the least room).
export { CheckInCard, VenueQrCard } from "./check-in-card.tsx";
export { WalkInsCard } from "./walk-ins.tsx";
export { StartingRatingsCard } from "./starting-ratings.tsx";
