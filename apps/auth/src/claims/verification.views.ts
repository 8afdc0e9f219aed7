import { html, layout } from '../pages/html';
import type { Session } from '../session/session.service';
import { formatUserCode } from './user-code';
import type { VerificationView } from './verification.service';

const CLOSED: Record<
  Exclude<VerificationView['kind'], 'shown'>,
  { status: number; title: string; text: string }
> = {
  // Another person's claim reads exactly like one that does not exist.
  not_found: {
    status: 404,
    title: 'No such sign-in request',
    text: 'This link does not match a sign-in request for your account. Check that you are signed in as the person the agent named.',
  },
  expired: {
    status: 410,
    title: 'This request expired',
    text: 'The link was not opened in time. Ask the agent to request a new code, then open the link again.',
  },
  completed: {
    status: 409,
    title: 'Already connected',
    text: 'The agent already used its code. You can see and disconnect it on the connected-apps page.',
  },
  failed: {
    status: 410,
    title: 'This request ended',
    text: 'The agent sent too many wrong codes, so this request was closed. The agent has to start again.',
  },
};

export function verificationPage(view: VerificationView, session: Session): { status: number; page: string } {
  if (view.kind !== 'shown') {
    const { status, title, text } = CLOSED[view.kind];
    return {
      status,
      page: layout(
        { title, session },
        html`<h1>${title}</h1>
          <p>${text}</p>
          <p><a href="/account/apps">Your connected apps</a></p>`,
      ),
    };
  }
  const until = view.codeExpiresAt.toISOString().slice(11, 16);
  const code = formatUserCode(view.code);
  return {
    status: 200,
    page: layout(
      { title: 'Connect an AI agent', session },
      html`<h1>Connect an AI agent</h1>
        <p>An AI agent called <strong>${view.agentName}</strong> asks to get an API key on your behalf.</p>
        <p class="notice">
          Only if you started this agent yourself, just now: give it this code. If you did not, close this
          page and do not share the code.
        </p>
        <h2 id="code-label">Your code</h2>
        <p class="code" aria-labelledby="code-label">${code}</p>
        <p>
          The code works once, until ${until} UTC (5 minutes). Opening this page again shows a new code and
          the old one stops working.
        </p>
        <p>
          After it connects you can disconnect the agent at any time on the
          <a href="/account/apps">connected-apps page</a>.
        </p>`,
    ),
  };
}
