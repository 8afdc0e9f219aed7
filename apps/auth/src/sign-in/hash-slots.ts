/**
 * Slots for password hashes in one process: at most `capacity` at once, and at most
 * `capacity - 1` for one client address (1 when capacity is 1), so a flood from one address
 * never holds the last slot and another address's sign-in is never queued behind it. Taking a
 * slot never waits: no slot is an immediate "busy".
 */
export class HashSlots {
  readonly perClient: number;
  private used = 0;
  private readonly byClient = new Map<string, number>();

  constructor(readonly capacity: number) {
    this.perClient = Math.max(1, capacity - 1);
  }

  get inUse(): number {
    return this.used;
  }

  /** The function that frees the slot (calling it again does nothing), or null when none is free. */
  tryTake(client: string): (() => void) | null {
    const mine = this.byClient.get(client) ?? 0;
    if (this.used >= this.capacity || mine >= this.perClient) return null;
    this.used++;
    this.byClient.set(client, mine + 1);
    let held = true;
    return () => {
      if (!held) return;
      held = false;
      this.used--;
      const left = (this.byClient.get(client) ?? 1) - 1;
      if (left === 0) this.byClient.delete(client);
      else this.byClient.set(client, left);
    };
  }
}
