/**
 * Wraps an async event handler (a form's onSubmit, a button's onClick) for React, which ignores what a handler
 * returns: without this a rejection would go unhandled and unreported. The handler shows its own errors to the
 * reader; anything that still escapes it is a bug, and is logged.
 */
export function asyncHandler<Args extends unknown[]>(
  handler: (...args: Args) => Promise<unknown>,
): (...args: Args) => void {
  return (...args) => {
    handler(...args).catch((error: unknown) => {
      console.error('Event handler failed', error);
    });
  };
}
