import GoogleIcon from '@mui/icons-material/Google';
import Button from '@mui/material/Button';

type GoogleButtonProps = { onClick: () => void; disabled: boolean; pending: boolean };

/** Opens Google sign-in; nothing of Google's is loaded before this is pressed. */
export function GoogleButton({ onClick, disabled, pending }: GoogleButtonProps) {
  return (
    <Button
      variant="outlined"
      size="large"
      fullWidth
      startIcon={<GoogleIcon aria-hidden="true" />}
      onClick={onClick}
      disabled={disabled}
      loading={pending}
    >
      Continue with Google
    </Button>
  );
}
