import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { MESSAGES } from '@qrib/shared/messages';
import { renderScreen } from '../../../testing/render.tsx';
import { SignupForm } from './signup-form.tsx';

function renderForm() {
  return renderScreen(<SignupForm />);
}

const label = {
  name: 'Full name',
  email: 'Email address',
  phone: 'Phone',
  username: 'Username',
  password: 'Password',
  confirmPassword: 'Confirm password',
};

async function fill(values: Partial<Record<keyof typeof label, string>>) {
  const user = userEvent.setup();
  for (const [field, value] of Object.entries(values) as [keyof typeof label, string][]) {
    const input = screen.getByLabelText(label[field], { exact: true });
    await user.clear(input);
    if (value) await user.type(input, value);
  }
  return user;
}

describe('SignupForm', () => {
  it('has every field of the spec, with password inputs of minimum length 8', () => {
    renderForm();
    for (const text of Object.values(label)) expect(screen.getByLabelText(text, { exact: true })).toBeInTheDocument();
    expect(screen.getByLabelText(label.password, { exact: true })).toHaveAttribute('minlength', '8');
    expect(screen.getByLabelText(label.confirmPassword)).toHaveAttribute('minlength', '8');
    expect(screen.getByRole('link', { name: 'Log in' })).toHaveAttribute('href', '/login');
  });

  it('shows every rule message under its field, and focuses the first failing field', async () => {
    renderForm();
    const user = await fill({ name: 'R2D2', email: 'nope', phone: '12', username: 'ok_user', password: 'short', confirmPassword: 'other' });
    await user.click(screen.getByRole('button', { name: 'Sign Up' }));
    expect(await screen.findByText(MESSAGES.invalidName)).toBeInTheDocument();
    expect(screen.getByText(MESSAGES.invalidEmail)).toBeInTheDocument();
    expect(screen.getByText(MESSAGES.invalidPhone)).toBeInTheDocument();
    expect(screen.getByText(MESSAGES.signupPasswordRule)).toBeInTheDocument();
    expect(screen.getByText(MESSAGES.passwordsDoNotMatch)).toBeInTheDocument();
    expect(screen.getByLabelText(label.name)).toHaveFocus();
    expect(screen.getByLabelText(label.name)).toHaveAttribute('aria-invalid', 'true');
  });

  it('checks the rules in the spec order: fixing each one reveals the next as the first error', async () => {
    renderForm();
    const user = await fill({ name: '  ', email: 'bad', phone: 'x', username: 'maria', password: 'abcdefgh', confirmPassword: 'abcdefgh' });
    const submit = screen.getByRole('button', { name: 'Sign Up' });
    const firstAlert = () => screen.getAllByText(/./, { selector: 'p[id$="-error"]' })[0]?.textContent;

    await user.click(submit);
    await waitFor(() => expect(firstAlert()).toBe(MESSAGES.invalidName));
    await fill({ name: "Maria O'Neill-Borg" });
    await user.click(submit);
    await waitFor(() => expect(firstAlert()).toBe(MESSAGES.invalidEmail));
    await fill({ email: 'maria@example.com' });
    await user.click(submit);
    await waitFor(() => expect(firstAlert()).toBe(MESSAGES.invalidPhone));
    await fill({ phone: '+356 7912-3456' });
    await user.click(submit);
    await waitFor(() => expect(firstAlert()).toBe(MESSAGES.signupPasswordRule));
    await fill({ password: 'abcdefg1' });
    await user.click(submit);
    await waitFor(() => expect(firstAlert()).toBe(MESSAGES.passwordsDoNotMatch));
  });

  it('clears a message once the field is corrected', async () => {
    renderForm();
    const user = await fill({ email: 'bad' });
    await user.click(screen.getByRole('button', { name: 'Sign Up' }));
    expect(await screen.findByText(MESSAGES.invalidEmail)).toBeInTheDocument();
    await fill({ email: 'maria@example.com' });
    await waitFor(() => expect(screen.queryByText(MESSAGES.invalidEmail)).not.toBeInTheDocument());
  });

  it('shows the messages in the chosen language', async () => {
    renderScreen(<SignupForm />, { language: 'fr' });
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: "S'inscrire" }));
    expect(await screen.findByText('Veuillez saisir un nom valide')).toBeInTheDocument();
    expect(screen.queryByText(MESSAGES.invalidName)).not.toBeInTheDocument();
  });
});
