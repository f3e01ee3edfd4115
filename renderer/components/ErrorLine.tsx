// A failure in one line, announced to screen readers.

export function ErrorLine({ message }: { readonly message: string | null }) {
  if (message === null) return null;
  return (
    <p className="error" role="alert">
      {message}
    </p>
  );
}
