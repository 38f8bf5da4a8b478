import CloudUploadOutlined from '@mui/icons-material/CloudUploadOutlined';
import Chip from '@mui/material/Chip';
import { DeferredTooltip } from '../deferred-tooltip';

/** Marks an item whose latest change the server has not confirmed yet (`hasPendingWrites`). */
export function PendingChip({ label = 'Pending' }: { label?: string }) {
  return (
    <DeferredTooltip title="Saved on this device, waiting for the server">
      <Chip
        size="small"
        color="warning"
        variant="outlined"
        icon={<CloudUploadOutlined />}
        label={label}
        aria-label={`${label}: saved on this device, not yet confirmed by the server`}
        data-testid="pending-chip"
        tabIndex={0}
      />
    </DeferredTooltip>
  );
}
