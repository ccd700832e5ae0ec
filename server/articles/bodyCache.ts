/**
 * Rendered article bodies by key, the least recently used dropped once their characters pass the bound
 * (decision 092). The published bodies are read from the store when asked for, not all held: the page
 * cache keeps the pages that show them, so a body is rendered again only when its page is.
 */
export class BodyCache {
  /** In the Map's order of use: the first is the least recently used. */
  private readonly bodies = new Map<string, string>();
  private kept = 0;

  constructor(private readonly maxChars: number) {}

  get(key: string): string | undefined {
    const html = this.bodies.get(key);
    if (html === undefined) return undefined;
    this.bodies.delete(key);
    this.bodies.set(key, html);
    return html;
  }

  /** Keeps a body, dropping the least recently used beyond the bound; one larger than the bound is not kept. */
  set(key: string, html: string): void {
    this.delete(key);
    if (html.length > this.maxChars) return;
    this.bodies.set(key, html);
    this.kept += html.length;
    for (const [oldest] of this.bodies) {
      if (this.kept <= this.maxChars) break;
      this.delete(oldest);
    }
  }

  private delete(key: string): void {
    const html = this.bodies.get(key);
    if (html === undefined) return;
    this.kept -= html.length;
    this.bodies.delete(key);
  }

  clear(): void {
    this.bodies.clear();
    this.kept = 0;
  }

  /** The characters of the bodies kept. */
  get chars(): number {
    return this.kept;
  }
}
