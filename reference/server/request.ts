// The request class of the reference's server (createServer's IncomingMessage option): a request that
// collects its own body and hands it to a sink. Why a subclass: the listeners are module functions that find
// their state on the request, so reading a body creates no closures and no promise (a send's body is read
// tens of thousands of times a second under load, and tsx names every closure as it is created).
import { IncomingMessage } from 'node:http';

/** What hears of a body: all of it, that it passed the limit, or why it could not be read. Told once, never synchronously. */
export interface BodySink {
  bodyRead(raw: Buffer): void;
  bodyTooLarge(): void;
  bodyFailed(error: Error): void;
}

const noBytes = Buffer.alloc(0);

export class ReferenceRequest extends IncomingMessage {
  private sink: BodySink | undefined = undefined;
  /** The body so far: most bodies arrive in one chunk, kept without an array. */
  private first: Buffer | undefined = undefined;
  private more: Buffer[] | undefined = undefined;
  private size = 0;
  private limit = 0;

  /** Reads the body (at most `limit` bytes) and tells `sink`. */
  readBodyInto(limit: number, sink: BodySink): void {
    this.limit = limit;
    this.sink = sink;
    // Gone already (the client left during a configured delay): its 'close' has passed, so say so now.
    if (this.destroyed) {
      process.nextTick(abandoned, this);
      return;
    }
    this.on('data', onData);
    this.on('end', onEnd);
    this.on('error', onError);
    // A client that goes away mid-body: settle, so nothing waits forever.
    this.on('close', onClose);
  }

  /** Hands the outcome to the sink, once. This and the next two serve the body listeners below only. */
  bodyDone(outcome: Buffer | Error | 'too large'): void {
    const sink = this.sink;
    if (sink === undefined) return;
    this.sink = undefined;
    this.first = undefined;
    this.more = undefined;
    if (outcome === 'too large') sink.bodyTooLarge();
    else if (outcome instanceof Error) sink.bodyFailed(outcome);
    else sink.bodyRead(outcome);
  }

  /** Keeps a chunk of the body, or settles as too large once the body passes the limit. */
  bodyChunk(chunk: Buffer): void {
    if (this.sink === undefined) return;
    this.size += chunk.length;
    // Past the limit the body is still drained (not stored), so that the refusal can be written.
    if (this.size > this.limit) this.bodyDone('too large');
    else if (this.first === undefined) this.first = chunk;
    else (this.more ??= [this.first]).push(chunk);
  }

  /** The body read so far, in one buffer. */
  bodySoFar(): Buffer {
    return this.more ? Buffer.concat(this.more, this.size) : (this.first ?? noBytes);
  }
}

function onData(this: ReferenceRequest, chunk: Buffer): void {
  this.bodyChunk(chunk);
}

function onEnd(this: ReferenceRequest): void {
  this.bodyDone(this.bodySoFar());
}

function onError(this: ReferenceRequest, error: Error): void {
  this.bodyDone(error);
}

function onClose(this: ReferenceRequest): void {
  if (!this.complete) abandoned(this);
}

function abandoned(req: ReferenceRequest): void {
  req.bodyDone(new Error('the request was aborted'));
}
