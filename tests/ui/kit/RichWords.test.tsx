// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';
import { act, cleanup, render } from '@testing-library/react';
import { RichWords } from '../../../src/ui/kit/RichWords';
import { speak } from '../../../src/ui/kit/language';

const terms = {
  words: { id: 'auth.register.terms', message: 'I accept the {terms} and the {policy}' },
  parts: { terms: <a href="/terms">Terms</a>, policy: <strong>Policy</strong> },
};

describe('RichWords', () => {
  afterEach(async () => {
    cleanup();
    await act(() => speak('en'));
  });

  it('puts each element where its placeholder stands, the text around it as it is', () => {
    const { container } = render(
      <p>
        <RichWords {...terms} />
      </p>,
    );
    expect(container.querySelector('p')?.innerHTML).toBe(
      'I accept the <a href="/terms">Terms</a> and the <strong>Policy</strong>',
    );
  });

  it('follows the order of the language it is said in', async () => {
    await act(() => speak('ha'));
    const { container } = render(
      <p>
        <RichWords {...terms} />
      </p>,
    );
    expect(container.querySelector('p')?.innerHTML).toBe(
      'Na amince da <a href="/terms">Terms</a> da <strong>Policy</strong>',
    );
  });

  it('says words without placeholders as they are', () => {
    const { container } = render(
      <p>
        <RichWords words={{ id: 'auth.login.new', message: 'New here?' }} parts={{}} />
      </p>,
    );
    expect(container.textContent).toBe('New here?');
  });
});
