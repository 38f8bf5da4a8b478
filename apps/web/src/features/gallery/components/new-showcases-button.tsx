import ArrowUpwardOutlined from '@mui/icons-material/ArrowUpwardOutlined';
import Fab from '@mui/material/Fab';
import { newShowcasesLabel } from '../gallery-window';

/** "N new showcases": shows what arrived while the reader was reading, at the top. */
export function NewShowcasesButton({ count, onClick }: { count: number; onClick: () => void }) {
  return (
    <Fab variant="extended" color="primary" size="medium" onClick={onClick}>
      <ArrowUpwardOutlined sx={{ mr: 1 }} />
      {newShowcasesLabel(count)}
    </Fab>
  );
}
