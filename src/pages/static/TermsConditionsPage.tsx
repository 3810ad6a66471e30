import { StaticPage } from './StaticPage';

export default function TermsConditionsPage() {
  return <StaticPage page="termsConditions" />;
}
