import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES, formatMessage } from '@qrib/shared/messages';
import { REPORT_REASONS } from '@qrib/shared/trust-constants';
import { stubApi } from '../../../testing/api-stub.ts';
import { renderScreen } from '../../../testing/render.tsx';
import { errorAnswer } from '../testing-data.ts';
import { ReportAction } from './report-action.tsx';

const openDialog = async () => {
  renderScreen(<ReportAction kind="OFFER" id={7} label="Report this offer" />);
  await userEvent.click(screen.getByRole('button', { name: 'Report this offer' }));
  return screen.getByRole('dialog', { name: 'Report this offer' });
};

// jsdom draws nothing and has no scrollIntoView; the alerts that take focus call it.
beforeAll(() => {
  Element.prototype.scrollIntoView = () => undefined;
});
afterAll(() => {
  Reflect.deleteProperty(Element.prototype, 'scrollIntoView');
});

describe('ReportAction', () => {
  it('offers every reason with its label, asks for a reason and for words with OTHER, then sends and thanks', async () => {
    const api = stubApi({ 'POST /api/v1/reports': { status: 201, body: { data: { reportId: 5, status: 'OPEN' } } } });
    await openDialog();
    const radios = screen.getAllByRole('radio');
    expect(radios).toHaveLength(REPORT_REASONS.length);
    expect(screen.getByRole('radio', { name: 'Misleading' })).toBeInTheDocument();
    expect(screen.getByRole('radio', { name: 'Fake review' })).toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Send report' }));
    expect(screen.getByText('Choose a reason.')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('radio', { name: 'Something else' }));
    await userEvent.click(screen.getByRole('button', { name: 'Send report' }));
    expect(screen.getByText(MESSAGES.reportTextRequired)).toBeInTheDocument();
    expect(api.calls).toEqual([]);

    await userEvent.type(screen.getByLabelText('What is wrong? (required)'), 'The price on the door is higher.');
    await userEvent.click(screen.getByRole('button', { name: 'Send report' }));
    expect(await screen.findByText('Thank you. Qrib will review it and tell you the outcome.')).toBeInTheDocument();
    expect(api.calls).toEqual([{ method: 'POST', path: '/api/v1/reports', body: { kind: 'OFFER', id: 7, reason: 'OTHER', text: 'The price on the door is higher.' } }]);
  });

  it('says so when the same report is already open (200)', async () => {
    stubApi({ 'POST /api/v1/reports': { status: 200, body: { data: { reportId: 5, status: 'OPEN' } } } });
    await openDialog();
    await userEvent.click(screen.getByRole('radio', { name: 'Misleading' }));
    await userEvent.click(screen.getByRole('button', { name: 'Send report' }));
    expect(await screen.findByText('You already reported this; we will tell you the outcome.')).toBeInTheDocument();
  });

  it.each([
    [429, 'tooManyReports', formatMessage(MESSAGES.tooManyReports, { minutes: 60 }), { minutes: 60 }],
    [404, 'reportItemNotFound', MESSAGES.reportItemNotFound, {}],
  ])('shows the %s answer’s message', async (status, code, message, params) => {
    stubApi({ 'POST /api/v1/reports': errorAnswer(status, code, message, params) });
    await openDialog();
    await userEvent.click(screen.getByRole('radio', { name: 'Illegal' }));
    await userEvent.click(screen.getByRole('button', { name: 'Send report' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(message);
  });
});
