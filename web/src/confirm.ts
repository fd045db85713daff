// A question before an action the view marks as one to confirm (a War Room sheet finished with no
// orders or no bid): an alert dialog with two buttons, the safe one focused. Tab stays between them,
// Escape or a click beside the dialog goes back; the focus returns where it was.
import { escape } from './api';

export interface Question {
  title: string;
  text: string;
  yes: string; // does the action
  no: string; // goes back
}

export function ask(q: Question): Promise<boolean> {
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
  });
}
