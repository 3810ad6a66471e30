import { Link } from '@mui/material';
import { Link as RouterLink } from 'react-router-dom';

/** A company's name, opening its dashboard (/dashboard/{id}). */
export function CompanyLink({ company }: { company: { id: number; name: string } }) {
  return (
    <Link component={RouterLink} to={`/dashboard/${company.id}`} color="text.secondary" underline="always">
      {company.name}
    </Link>
  );
}
