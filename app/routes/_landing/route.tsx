import { Link } from "react-router";
import { SiteFooter, SiteHeader } from "~/components/site-header.tsx";
import { CallToAction, Features, Hero, HowItWorks } from "./sections.tsx";

export default function Landing() {
  return (
    <>
      <a href="#main" className="skip-link">
        Skip to content
      </a>
      <SiteHeader>
        <Link to="/login" className="btn-primary">
          Sign In
        </Link>
      </SiteHeader>
      <main id="main">
        <Hero />
        <Features />
        <HowItWorks />
        <CallToAction />
      </main>
      <SiteFooter />
    </>
  );
}
