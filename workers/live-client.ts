// The Durable Object that keeps one client address to a bounded number of
// live sockets across every channel (docs/decisions/009): one instance per
// address (its name). Each channel (a LiveHub) caps the address on its own
// and reports here what it holds of it, as an absolute count, when it accepts
// a socket and when one closes: a repeated report changes nothing and the
// next one corrects a lost one. Counts are kept in storage, so the object
// being evicted forgets nothing.
import { DurableObject } from "cloudflare:workers";

/** Sockets one address may hold in all: a venue's tablets and screens behind one router count together. */
const SOCKETS_PER_ADDRESS = 100;

export class LiveClient extends DurableObject<Env> {
  /**
   * Whether the channel `hub` (a LiveHub's id) may hold `count` sockets of this address, one more than it holds:
   * kept as its count when it may, else its count stays what it holds.
   */
  async admit(address: string, hub: string, count: number): Promise<boolean> {
    if (this.heldElsewhere(hub) + count > SOCKETS_PER_ADDRESS) await this.recount(address, hub);
    const admitted = this.heldElsewhere(hub) + count <= SOCKETS_PER_ADDRESS;
    this.keep(hub, admitted ? count : count - 1);
    return admitted;
  }

  /** What the channel `hub` holds of this address now (after a socket closed). */
  report(hub: string, count: number): void {
    this.keep(hub, count);
  }

  private heldElsewhere(hub: string): number {
    let held = 0;
    for (const [channel, count] of this.ctx.storage.kv.list<number>()) if (channel !== hub) held += count;
    return held;
  }

  private keep(hub: string, count: number): void {
    if (count > 0) this.ctx.storage.kv.put(hub, count);
    else this.ctx.storage.kv.delete(hub);
  }

  /**
   * Before refusing, asks the other channels what they hold now: a count left by a channel that could not report
   * (its object restarted as sockets dropped) does not lock the address out.
   */
  private async recount(address: string, except: string): Promise<void> {
    const others = [...this.ctx.storage.kv.list<number>()].filter(([channel]) => channel !== except);
    await Promise.all(
      others.map(async ([channel, before]) => {
        try {
          const held = await this.env.LIVE.get(this.env.LIVE.idFromString(channel)).held(address);
          // A report that arrived meanwhile is newer than this answer.
          if (this.ctx.storage.kv.get<number>(channel) === before) this.keep(channel, held);
        } catch {
          // Unreachable: what it last reported stands.
        }
      }),
    );
  }
}
