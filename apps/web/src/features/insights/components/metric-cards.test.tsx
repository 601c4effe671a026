import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { MESSAGES } from '@qrib/shared/messages';
import { renderScreen } from '../../../testing/render.tsx';
import { MetricCardsPlaceholder } from './metric-cards.tsx';

describe("the metric cards' places while the figures are on their way", () => {
  it('say they are loading and show the four labels, with no figure yet', () => {
    renderScreen(<MetricCardsPlaceholder />);
    const status = screen.getByRole('status');
    // What a screen reader hears (the cards' places are hidden from it).
    expect(screen.getByText(MESSAGES.loadingEllipsis)).toHaveClass('sr-only');
    expect(status).toContainElement(screen.getByText(MESSAGES.loadingEllipsis));
    for (const label of ['Users Nearby', 'Offers Viewed', 'Conversions', 'Avg. Order Value']) expect(status).toHaveTextContent(label);
    expect(screen.queryByTestId('metric-value')).not.toBeInTheDocument();
  });
});
