/** A FIFO of the nRF24L01+ model: fixed depth, the oldest entry first, no silent overwrite. */
export class ModelFifo<T> {
  readonly #items: T[] = [];
  readonly depth: number;

  constructor(depth: number) {
    this.depth = depth;
  }

  get size(): number {
    return this.#items.length;
  }
  get empty(): boolean {
    return this.#items.length === 0;
  }
  get full(): boolean {
    return this.#items.length >= this.depth;
  }

  /** Appends `item`; false (and nothing stored) when full. */
  push(item: T): boolean {
    if (this.full) return false;
    this.#items.push(item);
    return true;
  }

  peek(): T | undefined {
    return this.#items[0];
  }

  shift(): T | undefined {
    return this.#items.shift();
  }

  clear(): void {
    this.#items.length = 0;
  }
}
