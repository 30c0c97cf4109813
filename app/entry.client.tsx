// React Router's own start-up, with the page's data reads made to survive a
// dropped connection first (components/data-reads.ts).
import { startTransition, StrictMode } from "react";
import { hydrateRoot } from "react-dom/client";
import { HydratedRouter } from "react-router/dom";
import { retryDataReads } from "./components/data-reads.ts";

retryDataReads();

startTransition(() => {
  hydrateRoot(
    document,
    <StrictMode>
      <HydratedRouter />
    </StrictMode>,
  );
});
