import { Link } from "react-router";
import type { SiteHeaderHandle } from "~/components/site-header.tsx";
import { CallToAction, Features, Hero, HowItWorks } from "./sections.tsx";

/** Sign In in the site header, which the public layout draws. */
export const handle = {
  siteHeader: () => (
    <Link to="/login" className="btn-primary">
      Sign In
    </Link>
  ),
} satisfies SiteHeaderHandle;

export default function Landing() {
  return (
    <main id="main">
      <Hero />
      <Features />
      <HowItWorks />
      <CallToAction />
    </main>
  );
}
