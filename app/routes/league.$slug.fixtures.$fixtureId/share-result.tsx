// "Share result" on a played (or awarded) card: the share card's image (share.svg), and for the team's group chat a
// PNG of it made in the browser (the SVG drawn to a canvas: chat apps take no SVG), shared with the card's link where
// the device can share files, else the link copied. Without JavaScript: the image's own address and the link to copy.
import { useEffect, useRef, useState } from "react";
import { CopyBox, useCopy } from "~/components/copy-box.tsx";
import { useHydrated } from "~/components/hydrated.ts";
import { useToast } from "~/components/toaster.tsx";
import { leagueShareCardPath } from "~/domain/anchors.ts";
import { SHARE_CARD } from "~/features/leagues/domain/share-card.ts";
import type { CardPage } from "./route.tsx";

const SHARED = ["played", "awarded"];

/** The share card as a PNG: the same-origin SVG drawn to a canvas of its size. */
async function pngOf(svgPath: string): Promise<Blob> {
  const image = new Image();
  await new Promise((resolve, reject) => {
    image.onload = resolve;
    image.onerror = () => reject(new Error("The image could not be loaded"));
    image.src = svgPath;
  });
  const canvas = document.createElement("canvas");
  canvas.width = SHARE_CARD.width;
  canvas.height = SHARE_CARD.height;
  const context = canvas.getContext("2d");
  if (!context) throw new Error("No canvas");
  context.drawImage(image, 0, 0, SHARE_CARD.width, SHARE_CARD.height);
  return new Promise((resolve, reject) =>
    canvas.toBlob((blob) => (blob ? resolve(blob) : reject(new Error("No image"))), "image/png"),
  );
}

/** "crown-a-v-anchor.png" */
const fileNameOf = (home: string, away: string) =>
  `${
    `${home} v ${away}`
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, "-")
      .replace(/^-|-$/g, "")
      .slice(0, 60) || "result"
  }.png`;

export function ShareResult({ page }: { page: CardPage }) {
  const { fixture, league } = page;
  const hydrated = useHydrated();
  const { show } = useToast();
  const { copy } = useCopy();
  // Made once the page is up, so a tap shares at once (a share must follow the tap closely).
  const png = useRef<Promise<Blob> | null>(null);
  const [busy, setBusy] = useState(false);
  const svgPath = leagueShareCardPath(league.slug, fixture.id);
  const shown = SHARED.includes(fixture.status) && fixture.homeScore !== null && fixture.awayScore !== null;
  useEffect(() => {
    if (!shown) return;
    png.current = pngOf(svgPath);
    png.current.catch(() => {});
  }, [shown, svgPath]);
  if (!shown) return null;

  const result = `${fixture.home} ${fixture.homeScore}–${fixture.awayScore} ${fixture.away}`;
  const fileName = fileNameOf(fixture.home, fixture.away);
  const image = () => (png.current ??= pngOf(svgPath));

  async function download() {
    setBusy(true);
    try {
      const url = URL.createObjectURL(await image());
      const a = document.createElement("a");
      a.href = url;
      a.download = fileName;
      document.body.appendChild(a);
      a.click();
      a.remove();
      setTimeout(() => URL.revokeObjectURL(url), 10_000);
    } catch {
      show({ type: "error", title: "The image could not be made", description: "Open the image and save it instead." });
    } finally {
      setBusy(false);
    }
  }

  async function share() {
    const text = `${result} · ${league.name}`;
    try {
      const file = new File([await image()], fileName, { type: "image/png" });
      const data = { files: [file], title: result, text, url: page.link };
      if (navigator.canShare?.(data)) {
        await navigator.share(data);
        return;
      }
    } catch (error) {
      // Closing the share sheet is no failure.
      if (error instanceof DOMException && error.name === "AbortError") return;
    }
    await copy("share-link", page.link, "The result's link is ready to paste.");
  }

  return (
    <section className="card space-y-4" aria-labelledby="share-title" data-testid="share-result">
      <h2 id="share-title" className="text-lg font-semibold">
        Share result
      </h2>
      <img
        src={svgPath}
        width={SHARE_CARD.width}
        height={SHARE_CARD.height}
        alt={`${result}, ${league.name}`}
        className="h-auto w-full rounded-lg border border-slate-200 dark:border-slate-700"
      />
      {hydrated ? (
        <div className="flex flex-wrap gap-2">
          <button type="button" className="btn-primary min-h-11" onClick={share}>
            Share result
          </button>
          <button type="button" className="btn-secondary min-h-11" onClick={download} disabled={busy}>
            Download image
          </button>
        </div>
      ) : (
        <a href={svgPath} className="inline-flex min-h-11 items-center font-semibold underline">
          Open the image
        </a>
      )}
      <CopyBox label="Link to this result" value={page.link} copiedMessage="The result's link is ready to paste." />
    </section>
  );
}
