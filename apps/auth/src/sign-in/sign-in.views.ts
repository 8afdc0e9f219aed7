import { html, layout, Raw } from '../pages/html';

export interface SignInForm {
  csrf: string;
  next: string;
  email?: string;
  error?: string;
}

export function signInPage(form: SignInForm): string {
  const error = form.error
    ? html`<p class="alert" role="alert" id="sign-in-error">${form.error}</p>`
    : new Raw('');
  return layout(
    { title: 'Sign in' },
    html`<h1>Sign in</h1>
      ${error}
      <form method="post" action="/sign-in" novalidate>
        <input type="hidden" name="csrf" value="${form.csrf}" />
        <input type="hidden" name="next" value="${form.next}" />
        <label for="email">Email</label>
        <input
          id="email"
          name="email"
          type="email"
          autocomplete="username"
          required
          value="${form.email ?? ''}"
          ${form.error ? new Raw(' aria-describedby="sign-in-error"') : ''}
        />
        <label for="password">Password</label>
        <input id="password" name="password" type="password" autocomplete="current-password" required />
        <button type="submit">Sign in</button>
      </form>`,
  );
}
