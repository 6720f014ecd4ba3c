import { fireEvent } from '@testing-library/react';

/**
 * Sets a field's value the way a browser reports an edit: `input`, then `change`. The app runs
 * on Preact's compat layer, whose `onChange` on a text field listens to `input` (as React's
 * does), while a select or a checkbox listens to `change`; firing `change` alone would edit a
 * select but leave a text field's state untouched.
 */
export function edit(field: Element, value: string): void {
  fireEvent.input(field, { target: { value } });
  fireEvent.change(field, { target: { value } });
}
