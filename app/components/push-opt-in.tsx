// Opting in to "You're up on Table 3" as a notification on this device (decision
// 015): Web Push through the service worker at /sw.js. It needs JavaScript by
// nature (the browser makes the subscription), so without it the card says so;
// the e-mail and the live pages tell the player either way. On iPhone and iPad
// (iOS 16.4+) web push works only from a web app added to the Home Screen.
import { useEffect, useState } from "react";
import { base64UrlBytes } from "~/features/live/domain/push.ts";
import { BellIcon } from "./more-icons.tsx";

type State = "checking" | "unsupported" | "ios-home-screen" | "blocked" | "off" | "on" | "turning-on" | "turning-off";

const API = "/api/push/subscriptions";

const isIOS = () =>
  /iPhone|iPad|iPod/.test(navigator.userAgent) ||
  (/Macintosh/.test(navigator.userAgent) && navigator.maxTouchPoints > 1);
const standalone = () =>
  window.matchMedia("(display-mode: standalone)").matches ||
  (navigator as Navigator & { standalone?: boolean }).standalone === true;
const supported = () => "serviceWorker" in navigator && "PushManager" in window && "Notification" in window;

/** This browser's push subscription for the site, if it has one. */
async function currentSubscription(): Promise<PushSubscription | null> {
  const registration = await navigator.serviceWorker.getRegistration("/");
  return (await registration?.pushManager.getSubscription()) ?? null;
}

async function messageOf(response: Response): Promise<string> {
  const body = (await response.json().catch(() => null)) as { message?: string } | null;
  return body?.message ?? `The server answered ${response.status}`;
}

/** What the card says in each state. */
const explain: Record<State, string> = {
  checking: "",
  unsupported: "This browser cannot show notifications from websites.",
  "ios-home-screen":
    "On iPhone or iPad (iOS 16.4 or later): tap Share, then Add to Home Screen, open Break & Run from your " +
    "Home Screen and turn notifications on there.",
  blocked:
    "Notifications are blocked for this site. Allow them in your browser's site settings, then reload this page.",
  off: "",
  on: "On for this device.",
  "turning-on": "",
  "turning-off": "",
};

export function PushOptIn({ publicKey }: { publicKey: string }) {
  const { state, note, turnOn, turnOff } = usePushSubscription(publicKey);
  const busy = state === "turning-on" || state === "turning-off";
  // Right after turning on, the note says it.
  const text = state === "on" && note ? "" : explain[state];
  return (
    <section className="card" aria-labelledby="alerts-title">
      <div className="flex items-center gap-2">
        <BellIcon className="text-baize-700 dark:text-baize-300" />
        <h2 id="alerts-title" className="text-lg font-semibold">
          Match Alerts
        </h2>
      </div>
      <p className="mt-2 text-sm text-slate-600 dark:text-slate-300">
        Get a notification on this device when your match is given a table ("You're up on Table 3"), even with Break &
        Run closed. You always get an e-mail and see it on this page too.
      </p>
      <noscript>
        <p className="mt-3 text-sm font-semibold">
          Turning notifications on needs JavaScript, which is off in this browser. The e-mail still comes.
        </p>
      </noscript>
      {text ? <p className="mt-3 text-sm font-semibold">{text}</p> : null}
      {state === "off" || state === "turning-on" ? (
        <button type="button" className="btn-primary mt-3" onClick={turnOn} disabled={busy}>
          {busy ? "Turning on…" : "Turn on notifications"}
        </button>
      ) : null}
      {state === "on" || state === "turning-off" ? (
        <button type="button" className="btn-secondary mt-3" onClick={turnOff} disabled={busy}>
          {busy ? "Turning off…" : "Turn off notifications"}
        </button>
      ) : null}
      <p className="mt-2 text-sm empty:hidden" role="status" aria-live="polite">
        {note}
      </p>
    </section>
  );
}

/** This device's subscription: its state, the note after a change, and turning it on or off. */
function usePushSubscription(publicKey: string) {
  const [state, setState] = useState<State>("checking");
  const [note, setNote] = useState("");

  useEffect(() => {
    if (!supported()) {
      setState(isIOS() && !standalone() ? "ios-home-screen" : "unsupported");
      return;
    }
    if (Notification.permission === "denied") {
      setState("blocked");
      return;
    }
    currentSubscription().then(
      (subscription) => setState(subscription && Notification.permission === "granted" ? "on" : "off"),
      () => setState("off"),
    );
  }, []);

  async function turnOn() {
    setState("turning-on");
    setNote("");
    try {
      const registration = await navigator.serviceWorker.register("/sw.js", { scope: "/" });
      const permission = await Notification.requestPermission();
      if (permission !== "granted") {
        setState(permission === "denied" ? "blocked" : "off");
        setNote(permission === "denied" ? "" : "Notifications were not allowed. You can try again.");
        return;
      }
      await navigator.serviceWorker.ready;
      const key = base64UrlBytes(publicKey) ?? new Uint8Array();
      const subscription = await registration.pushManager.subscribe({
        userVisibleOnly: true,
        applicationServerKey: key.buffer as ArrayBuffer,
      });
      const response = await fetch(API, {
        method: "POST",
        headers: { "Content-Type": "application/json" },
        body: JSON.stringify(subscription.toJSON()),
      });
      if (!response.ok) {
        const message = await messageOf(response);
        await subscription.unsubscribe();
        throw new Error(message);
      }
      setState("on");
      setNote("Notifications are on for this device.");
    } catch (error) {
      setState("off");
      setNote(`Could not turn notifications on: ${error instanceof Error ? error.message : String(error)}`);
    }
  }

  async function turnOff() {
    setState("turning-off");
    setNote("");
    try {
      const subscription = await currentSubscription();
      if (subscription) {
        const response = await fetch(API, {
          method: "DELETE",
          headers: { "Content-Type": "application/json" },
          body: JSON.stringify({ endpoint: subscription.endpoint }),
        });
        // Already forgotten by the server (404) is off too.
        if (!response.ok && response.status !== 404) throw new Error(await messageOf(response));
        await subscription.unsubscribe();
      }
      setState("off");
      setNote("Notifications are off for this device.");
    } catch (error) {
      setState("on");
      setNote(`Could not turn notifications off: ${error instanceof Error ? error.message : String(error)}`);
    }
  }

  return { state, note, turnOn, turnOff };
}
