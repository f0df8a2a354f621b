// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';
import { useState } from 'react';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { emptyCode } from '../../../src/domain/account/codes';
import { CodeBoxes } from '../../../src/ui/kit/CodeBoxes';

/** Holds the values the way a flow machine would, and shows them for the assertions. */
function Harness({ length = 4, groupLabels, masked }: { length?: number; groupLabels?: string[]; masked?: boolean }) {
  const [values, setValues] = useState(emptyCode(length));
  return (
    <>
      <CodeBoxes
        length={length}
        values={values}
        onChange={setValues}
        label="Verification code"
        groupLabels={groupLabels}
        masked={masked}
        oneTimeCode
      />
      <output data-testid="values">{values.map((v) => v || '_').join('')}</output>
    </>
  );
}

const box = (n: number, of = 4) => screen.getByLabelText(`Digit ${n} of ${of}`) as HTMLInputElement;
const shown = () => screen.getByTestId('values').textContent;

describe('CodeBoxes', () => {
  afterEach(cleanup);

  it('labels the row and every box, numeric and one-time-code first', () => {
    render(<Harness />);
    expect(screen.getByRole('group', { name: 'Verification code' })).toBeTruthy();
    expect(box(1).getAttribute('inputmode')).toBe('numeric');
    expect(box(1).getAttribute('pattern')).toBe('[0-9]*');
    expect(box(1).getAttribute('autocomplete')).toBe('one-time-code');
    expect(box(2).getAttribute('autocomplete')).toBe('off');
    expect(box(1).type).toBe('text');
  });

  it('moves the focus on as digits are typed', () => {
    render(<Harness />);
    box(1).focus();
    fireEvent.change(box(1), { target: { value: '4' } });
    expect(document.activeElement).toBe(box(2));
    fireEvent.change(box(2), { target: { value: '2' } });
    expect(document.activeElement).toBe(box(3));
    expect(shown()).toBe('42__');
  });

  it('rejects anything but digits', () => {
    render(<Harness />);
    box(1).focus();
    fireEvent.change(box(1), { target: { value: 'a' } });
    expect(box(1).value).toBe('');
    expect(document.activeElement).toBe(box(1));
    expect(shown()).toBe('____');
  });

  it('goes back on Backspace in an empty box, clearing the one before', () => {
    render(<Harness />);
    fireEvent.change(box(1), { target: { value: '1' } });
    fireEvent.change(box(2), { target: { value: '2' } });
    expect(document.activeElement).toBe(box(3));
    fireEvent.keyDown(box(3), { key: 'Backspace' });
    expect(document.activeElement).toBe(box(2));
    expect(shown()).toBe('1___');
  });

  it('clears a filled box on Backspace and stays there', () => {
    render(<Harness />);
    fireEvent.change(box(1), { target: { value: '1' } });
    box(1).focus();
    fireEvent.keyDown(box(1), { key: 'Backspace' });
    // The browser's own Backspace empties the box; that arrives as a change.
    fireEvent.change(box(1), { target: { value: '' } });
    expect(document.activeElement).toBe(box(1));
    expect(shown()).toBe('____');
  });

  it('moves with the arrow keys', () => {
    render(<Harness />);
    box(2).focus();
    fireEvent.keyDown(box(2), { key: 'ArrowRight' });
    expect(document.activeElement).toBe(box(3));
    fireEvent.keyDown(box(3), { key: 'ArrowLeft' });
    fireEvent.keyDown(box(2), { key: 'ArrowLeft' });
    expect(document.activeElement).toBe(box(1));
    fireEvent.keyDown(box(1), { key: 'ArrowLeft' });
    expect(document.activeElement).toBe(box(1));
  });

  it('fills every box from the start when a code is pasted into any of them', () => {
    render(<Harness />);
    fireEvent.paste(box(3), { clipboardData: { getData: () => 'Your code: 5 8 1 3' } });
    expect(shown()).toBe('5813');
    expect(document.activeElement).toBe(box(4));
  });

  it('ignores a paste with no digits', () => {
    render(<Harness />);
    fireEvent.change(box(1), { target: { value: '7' } });
    fireEvent.paste(box(2), { clipboardData: { getData: () => 'hello' } });
    expect(shown()).toBe('7___');
  });

  it('spreads a code the phone fills into the first box', () => {
    render(<Harness />);
    fireEvent.change(box(1), { target: { value: '9021' } });
    expect(shown()).toBe('9021');
  });

  it('runs across labelled groups, masked for pins', () => {
    render(<Harness length={8} groupLabels={['Pin', 'Confirm pin']} masked />);
    expect(screen.getByRole('group', { name: 'Pin' })).toBeTruthy();
    expect(screen.getByRole('group', { name: 'Confirm pin' })).toBeTruthy();
    const pin = (n: number) => screen.getByLabelText(`Pin digit ${n} of 4`) as HTMLInputElement;
    const confirm = (n: number) => screen.getByLabelText(`Confirm pin digit ${n} of 4`) as HTMLInputElement;
    expect(pin(1).type).toBe('password');
    fireEvent.change(pin(4), { target: { value: '3' } });
    expect(document.activeElement).toBe(confirm(1));
    fireEvent.keyDown(confirm(1), { key: 'Backspace' });
    expect(document.activeElement).toBe(pin(4));
    fireEvent.paste(confirm(2), { clipboardData: { getData: () => '12341234' } });
    expect(shown()).toBe('12341234');
  });
});

describe('CodeBoxes cleared by the flow', () => {
  afterEach(cleanup);

  it('starts again at the first box', () => {
    const onChange = () => undefined;
    const { rerender } = render(
      <CodeBoxes length={4} values={['1', '2', '3', '4']} onChange={onChange} label="Verification code" />,
    );
    box(4).focus();
    rerender(<CodeBoxes length={4} values={emptyCode(4)} onChange={onChange} label="Verification code" />);
    expect(document.activeElement).toBe(box(1));
  });
});
