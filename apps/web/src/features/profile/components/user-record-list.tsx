import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import type { SessionUser } from '../../../lib/session';
import type { RecordValue } from '../user-record';
import { describeUserRecord } from '../user-record';

function Value({ value }: { value: RecordValue }) {
  switch (value.kind) {
    case 'absent':
      return (
        <Typography component="span" color="text.secondary">
          {value.text}
        </Typography>
      );
    case 'text':
      return <span>{value.text}</span>;
    case 'date':
      return <time dateTime={value.iso}>{value.text}</time>;
    case 'providers':
      return (
        <span>
          {value.items.map((item, index) => (
            <span key={`${item.name}-${index}`}>
              {index > 0 ? ', ' : null}
              {item.name}
              {item.detail ? (
                <Typography component="span" color="text.secondary">
                  {' '}
                  ({item.detail})
                </Typography>
              ) : null}
            </span>
          ))}
        </span>
      );
  }
}

/** Every field of the user record under a human label: a label and its value per row. */
export function UserRecordList({ user }: { user: SessionUser }) {
  const rows = describeUserRecord(user);
  return (
    <Box
      component="dl"
      sx={{
        m: 0,
        display: 'grid',
        gridTemplateColumns: { xs: 'minmax(0, 1fr)', sm: 'minmax(140px, 190px) minmax(0, 1fr)' },
        columnGap: 3,
      }}
    >
      {rows.map((row, index) => {
        // A rule between rows, not above the first.
        const rule = index === 0 ? 0 : 1;
        return (
          <Box key={row.key} sx={{ display: 'contents' }}>
            <Box
              component="dt"
              sx={{
                pt: 1.25,
                pb: { xs: 0, sm: 1.25 },
                borderTop: { xs: rule, sm: rule },
                borderColor: 'divider',
                color: 'text.secondary',
              }}
            >
              {row.label}
            </Box>
            <Box
              component="dd"
              sx={{
                m: 0,
                pt: { xs: 0.25, sm: 1.25 },
                pb: 1.25,
                borderTop: { xs: 0, sm: rule },
                borderColor: 'divider',
                overflowWrap: 'anywhere',
              }}
            >
              <Value value={row.value} />
            </Box>
          </Box>
        );
      })}
    </Box>
  );
}
