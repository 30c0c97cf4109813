// The landing page's sections: what Break & Run is, what it does, how a night goes, and the way in.
import type { ReactNode } from "react";
import { Link } from "react-router";
import { TrophyIcon } from "~/components/icons.tsx";
import { ArrowRightIcon, BracketIcon, PercentIcon, ShieldIcon, ZapIcon } from "./icons.tsx";

const features = [
  {
    title: "Instant Setup",
    text:
      "Create a knockout in under 2 minutes: venue, date, entry fee and payouts, " +
      "with the prize pool worked out for you.",
    Icon: ZapIcon,
  },
  {
    title: "Secure Payments",
    text:
      "Players pay their entry by card before the night, or at the bar and you enter them in a tap. " +
      "No IOUs, no card details stored by us.",
    Icon: ShieldIcon,
  },
  {
    title: "Automated Rake",
    text:
      "Set a fixed amount or a percentage per entry. " +
      "The house's share lands in your balance when you confirm payouts.",
    Icon: PercentIcon,
  },
  {
    title: "Live Brackets",
    text: "A fair random draw, results as they happen, and a tablet at every table showing who is on next.",
    Icon: BracketIcon,
  },
] as const;

const steps = [
  {
    title: "Create Tournament",
    text:
      "Name it, set the entry fee and rake, choose how the pot is split. " +
      "The preview shows every prize to the penny.",
  },
  {
    title: "Share & Fill Bracket",
    text: "Post the link in the pub's group chat. Players sign up and pay; the bracket fills itself.",
  },
  {
    title: "Confirm Payouts",
    text: "Record the results on the night. After the final, confirm and the winnings reach players' balances at once.",
  },
] as const;

/** What Break & Run is, and the two ways in. */
export function Hero() {
  return (
    <section
      aria-labelledby="hero-title"
      className="bg-gradient-to-b from-baize-50 to-white px-4 py-16 sm:py-24 dark:from-baize-950 dark:to-slate-950"
    >
      <div className="mx-auto max-w-4xl text-center">
        <p
          className={
            "mb-4 inline-flex items-center gap-2 rounded-full border border-baize-200 bg-white px-3 py-1 text-sm " +
            "font-medium text-baize-800 dark:border-baize-800 dark:bg-slate-900 dark:text-baize-300"
          }
        >
          <TrophyIcon width={16} height={16} /> Pool knockouts for UK pubs and clubs
        </p>
        <h1 id="hero-title" className="text-4xl font-extrabold tracking-tight text-balance sm:text-6xl">
          Run your pool tournament from break to payout
        </h1>
        <p className="mx-auto mt-6 max-w-2xl text-lg text-pretty text-slate-700 dark:text-slate-300">
          Break &amp; Run takes the entry fees, draws the bracket, shows each match on the table's tablet and pays the
          winners — correct to the penny.
        </p>
        <div className="mt-10 flex flex-col items-stretch justify-center gap-3 sm:flex-row sm:items-center">
          <Link to="/signup?role=td" className="btn-primary px-6 text-base">
            I'm a Tournament Director <ArrowRightIcon />
          </Link>
          <Link to="/signup?role=player" className="btn-secondary px-6 text-base">
            Find a Tournament
          </Link>
        </div>
      </div>
    </section>
  );
}

/** What it does, a tile each. */
export function Features() {
  return (
    <LandingSection
      id="features-title"
      title="Everything You Need"
      intro="From the first entry to the last payout, one place runs the evening."
      width="max-w-6xl"
    >
      <ul className="mt-12 grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
        {features.map(({ title, text, Icon }) => (
          <Tile
            key={title}
            title={title}
            text={text}
            mark={
              <span
                className={
                  "inline-flex size-11 items-center justify-center rounded-lg bg-baize-100 text-baize-800 " +
                  "dark:bg-baize-900 dark:text-baize-300"
                }
              >
                <Icon />
              </span>
            }
          />
        ))}
      </ul>
    </LandingSection>
  );
}

/** A night in three steps. */
export function HowItWorks() {
  return (
    <LandingSection id="how-title" title="How It Works" width="max-w-5xl" className="bg-slate-50 dark:bg-slate-900/50">
      <ol className="mt-12 grid gap-6 md:grid-cols-3">
        {steps.map(({ title, text }, index) => (
          <Tile
            key={title}
            centered
            title={
              <>
                <span className="sr-only">Step {index + 1}: </span>
                {title}
              </>
            }
            text={text}
            mark={
              <span
                className={
                  "mx-auto flex size-12 items-center justify-center rounded-full bg-baize-700 text-xl font-bold " +
                  "text-white dark:bg-baize-400 dark:text-slate-950"
                }
                aria-hidden="true"
              >
                {index + 1}
              </span>
            }
          />
        ))}
      </ol>
    </LandingSection>
  );
}

/** The way in again, at the foot of the page. */
export function CallToAction() {
  return (
    <section aria-labelledby="cta-title" className="px-4 py-16 sm:py-20">
      <div className={"mx-auto max-w-3xl rounded-2xl bg-baize-800 px-6 py-12 text-center text-white dark:bg-baize-900"}>
        <h2 id="cta-title" className="text-3xl font-bold tracking-tight">
          Ready for Friday night?
        </h2>
        <p className="mt-3 text-baize-100">
          Set up your first knockout tonight. Players join free and pay only to enter.
        </p>
        <div className="mt-8 flex flex-col items-stretch justify-center gap-3 sm:flex-row sm:items-center">
          <Link to="/signup?role=td" className="btn bg-white px-6 text-base text-baize-900 hover:bg-baize-50">
            Start as Tournament Director
          </Link>
          <Link
            to="/signup?role=player"
            className="btn border border-white/70 px-6 text-base text-white hover:bg-white/10"
          >
            Sign Up as Player
          </Link>
        </div>
      </div>
    </section>
  );
}

/** A section of the landing page: a centred heading, an optional line under it, then its content. */
function LandingSection(props: {
  id: string;
  title: string;
  intro?: string;
  width: string;
  className?: string;
  children: ReactNode;
}) {
  const { id, title, intro, width, className, children } = props;
  return (
    <section aria-labelledby={id} className={`px-4 py-16 sm:py-20 ${className ?? ""}`}>
      <div className={`mx-auto ${width}`}>
        <h2 id={id} className="text-center text-3xl font-bold tracking-tight">
          {title}
        </h2>
        {intro ? (
          <p className="mx-auto mt-3 max-w-2xl text-center text-slate-600 dark:text-slate-300">{intro}</p>
        ) : null}
        {children}
      </div>
    </section>
  );
}

/** A card in a landing list: its mark (an icon or a step number), title and text. */
function Tile({
  mark,
  title,
  text,
  centered,
}: {
  mark: ReactNode;
  title: ReactNode;
  text: string;
  centered?: boolean;
}) {
  return (
    <li className={centered ? "card text-center" : "card"}>
      {mark}
      <h3 className="mt-4 text-lg font-semibold">{title}</h3>
      <p className="mt-2 text-sm text-slate-600 dark:text-slate-300">{text}</p>
    </li>
  );
}
