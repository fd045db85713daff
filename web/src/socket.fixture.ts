// A WebSocket a test drives (notify.test.ts, api.test.ts): each one made is kept, and opened, fed,
// read or closed by the test.
export class FakeSocket {
  static made: FakeSocket[] = [];
  onopen: (() => void) | null = null;
  onmessage: ((e: { data: string }) => void) | null = null;
  onclose: (() => void) | null = null;
  sent: string[] = [];
  closed = false;
  constructor(public url: string) {
    FakeSocket.made.push(this);
  }
  send(data: string) {
    this.sent.push(data);
  }
  close() {
    this.closed = true;
    this.onclose?.();
  }
  // A message from the server: `data` as JSON.
  push(data: unknown) {
    this.onmessage?.({ data: JSON.stringify(data) });
  }
}
