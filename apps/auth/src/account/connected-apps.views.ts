import type { ConnectedAgent } from '@app/store';
import { html, layout, Raw } from '../pages/html';
import type { Session } from '../session/session.service';

function when(date: Date | null): Raw {
  if (!date) return html`never`;
  const iso = date.toISOString();
  return html`<time datetime="${iso}">${iso.slice(0, 16).replace('T', ' ')} UTC</time>`;
}

const NOTICES: Record<string, string> = {
  everywhere: 'The agent is disconnected and its key no longer works.',
  delayed: 'The agent is disconnected. Its key stops working within a few seconds on every server.',
};

export function connectedAppsPage(agents: ConnectedAgent[], session: Session, notice?: string): string {
  const message =
    notice && NOTICES[notice] ? html`<p class="notice" role="status">${NOTICES[notice]}</p>` : '';
  const rows = agents.map(
    (a) =>
      html`<tr>
        <th scope="row">${a.name}</th>
        <td>${a.team ? a.team.name : 'no key yet'}</td>
        <td>${when(a.approvedAt)}</td>
        <td>${when(a.lastUsedAt)}</td>
        <td>
          <form method="post" action="/account/apps/${a.id}/disconnect">
            <input type="hidden" name="csrf" value="${session.csrf}" />
            <button type="submit" class="secondary">Disconnect ${a.name}</button>
          </form>
        </td>
      </tr>`,
  );
  const table =
    agents.length === 0
      ? html`<p>No agents are connected to your account.</p>`
      : html`<table>
          <caption>
            Agents you approved
          </caption>
          <thead>
            <tr>
              <th scope="col">Agent</th>
              <th scope="col">Bills team</th>
              <th scope="col">Approved</th>
              <th scope="col">Last used</th>
              <th scope="col">Action</th>
            </tr>
          </thead>
          <tbody>
            ${rows}
          </tbody>
        </table>`;
  return layout(
    { title: 'Connected apps', session },
    html`<h1>Connected apps</h1>
      ${message}
      <p>
        AI agents you approved get their own API key, billed to the team shown. Disconnect an agent to revoke
        its key at once.
      </p>
      ${table}`,
  );
}
