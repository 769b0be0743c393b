import type { ChatSendRequest } from '@app/contracts';
import { newRequestId } from '../../lib/request-id';
import { chatImageProblem, type ImageProblem } from './chat-rules';

/** A message the player sent that the conversation does not show yet. */
export interface PendingMessage {
  /** Kept for every retry: the server writes the message once however often it is sent. */
  requestId: string;
  text: string | null;
  /** The image chosen, until it is sent; its id once uploaded (a retry does not upload again). */
  file: File | null;
  /** The chosen image's preview (an object URL, revoked once the message leaves the outbox). */
  previewUrl: string | null;
  imageId: string | null;
  state: 'sending' | 'failed';
  error: unknown;
}

export interface OutboxDeps {
  send(body: ChatSendRequest): Promise<unknown>;
  upload(file: File): Promise<string>;
  /** Brings the sent message into the conversation; the pending one goes once it is there. */
  sent(): Promise<unknown>;
}

/**
 * What the player is sending: shown below the conversation while it travels, kept with a retry
 * when it failed. Sent messages are not added to the list here but fetched after the last id,
 * so a staff reply written in between is never skipped.
 */
export class Outbox {
  private items: readonly PendingMessage[] = [];
  private readonly listeners = new Set<() => void>();

  constructor(private readonly deps: OutboxDeps) {}

  readonly subscribe = (listener: () => void) => {
    this.listeners.add(listener);
    return () => void this.listeners.delete(listener);
  };

  readonly getSnapshot = (): readonly PendingMessage[] => this.items;

  /** Sends a text (trimmed); an empty one is nothing to send. */
  sendText(text: string): boolean {
    const trimmed = text.trim();
    if (!trimmed) return false;
    void this.run(this.add({ text: trimmed, file: null }));
    return true;
  }

  /** Sends an image, or says why it cannot be sent without uploading anything. */
  sendImage(file: File): ImageProblem | null {
    const problem = chatImageProblem(file);
    if (problem) return problem;
    void this.run(this.add({ text: null, file }));
    return null;
  }

  /** Sends a failed message again with its request id. */
  retry(requestId: string): void {
    const item = this.items.find((i) => i.requestId === requestId);
    if (item?.state === 'failed') void this.run(item);
  }

  discard(requestId: string): void {
    const gone = this.items.find((i) => i.requestId === requestId);
    if (gone?.previewUrl) URL.revokeObjectURL(gone.previewUrl);
    this.set(this.items.filter((i) => i.requestId !== requestId));
  }

  /** The page is going away: previews are released. */
  dispose(): void {
    for (const i of this.items) if (i.previewUrl) URL.revokeObjectURL(i.previewUrl);
    this.items = [];
    this.listeners.clear();
  }

  private add(body: { text: string | null; file: File | null }): PendingMessage {
    const item: PendingMessage = {
      ...body,
      previewUrl: body.file ? URL.createObjectURL(body.file) : null,
      requestId: newRequestId(),
      imageId: null,
      state: 'sending',
      error: null,
    };
    this.set([...this.items, item]);
    return item;
  }

  private update(requestId: string, change: Partial<PendingMessage>): PendingMessage | null {
    let found: PendingMessage | null = null;
    this.set(
      this.items.map((i) => {
        if (i.requestId !== requestId) return i;
        found = { ...i, ...change };
        return found;
      }),
    );
    return found;
  }

  private async run(start: PendingMessage): Promise<void> {
    let item = this.update(start.requestId, { state: 'sending', error: null });
    if (!item) return;
    try {
      if (item.file && !item.imageId) {
        const imageId = await this.deps.upload(item.file);
        item = this.update(item.requestId, { imageId });
        if (!item) return;
      }
      await this.deps.send(
        item.imageId
          ? { requestId: item.requestId, imageId: item.imageId }
          : { requestId: item.requestId, text: item.text ?? '' },
      );
      await this.deps.sent().catch(() => undefined);
      this.discard(item.requestId);
    } catch (error) {
      this.update(start.requestId, { state: 'failed', error });
    }
  }

  private set(items: readonly PendingMessage[]): void {
    this.items = items;
    for (const l of this.listeners) l();
  }
}
