// A question before an action the view marks as one to confirm (a War Room sheet finished with no
// orders or no bid): an alert dialog with two buttons, the safe one focused. Tab stays between them,
// Escape or a click beside the dialog goes back; the focus returns where it was. While it is open the
// game may move on (a typed purchase count still being sent, a bot's move): `askAgain` words it
// from the newest view, or closes it, going back, when the action no longer needs asking.
import { escape } from './api';

export interface Question {
  title: string;
  text: string;
  yes: string; // does the action
  no: string; // goes back
}

let open: { text: HTMLElement; close: (answer: boolean) => void } | null = null;

export function ask(q: Question): Promise<boolean> {
  open?.close(false);
  document.getElementById('dialog')?.remove();
  const before = document.activeElement as HTMLElement | null;
  const box = document.createElement('div');
  box.id = 'dialog';
  box.className = 'confirm-dialog';
  box.setAttribute('role', 'alertdialog');
  box.setAttribute('aria-modal', 'true');
  box.setAttribute('aria-labelledby', 'confirm-title');
  box.setAttribute('aria-describedby', 'confirm-text');
  box.innerHTML = `<div class="dialog-body"><h2 id="confirm-title">${escape(q.title)}</h2><p id="confirm-text">${escape(q.text)}</p>
    <p class="confirm-buttons"><button class="confirm-no primary">${escape(q.no)}</button> <button class="confirm-yes">${escape(q.yes)}</button></p></div>`;
  const no = box.querySelector<HTMLButtonElement>('button.confirm-no')!,
    yes = box.querySelector<HTMLButtonElement>('button.confirm-yes')!;
  return new Promise((resolve) => {
    const close = (answer: boolean) => {
      if (open?.close === close) open = null;
      box.remove();
      before?.focus({ preventScroll: true });
      resolve(answer);
    };
    no.addEventListener('click', () => close(false));
    yes.addEventListener('click', () => close(true));
    box.addEventListener('click', (e) => {
      if (e.target === box) close(false);
    });
    box.addEventListener('keydown', (e) => {
      if (e.key === 'Escape') {
        e.preventDefault();
        close(false);
      } else if (e.key === 'Tab') {
        e.preventDefault();
        (document.activeElement === no ? yes : no).focus();
      }
    });
    document.body.append(box);
    no.focus({ preventScroll: true });
    open = { text: box.querySelector<HTMLElement>('#confirm-text')!, close };
  });
}

// The open question asked again on a newer view: its text as that view words it, or, when the action
// no longer needs asking (`null`: the sheet is no longer blank, or the action is gone), closed as
// "back" -- nothing is sent, the player sees the sheet as it is and decides again.
export function askAgain(q: Question | null): void {
  if (!open) return;
  if (!q) open.close(false);
  else open.text.textContent = q.text;
}
