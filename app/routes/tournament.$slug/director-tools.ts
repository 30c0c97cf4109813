// The director's tools on the tournament page, loaded together and only for
// the tournament's director (decision 009): one module for the browser to fetch.
export { DirectorCard, MatchControls } from "./director.tsx";
export { QueueCard } from "./queue.tsx";
