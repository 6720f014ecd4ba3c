import type { ReactNode } from 'react';
// The repository's own README, outside src/ (no alias reaches it).
// eslint-disable-next-line no-restricted-imports
import readme from '../../../../../../README.md?raw';
import { PageCard } from '@/shared/ui/page-card.tsx';

// The deployment guide is the README's own Configuration and Running-at-scale sections,
// bundled at build time so the page can never drift from the README.

function readmeSection(markdown: string, heading: string): string {
  const lines = markdown.split('\n');
  const start = lines.findIndex((line) => line.trim() === `## ${heading}`);
  if (start < 0) return '';
  const rest = lines.slice(start + 1);
  const end = rest.findIndex((line) => line.startsWith('## '));
  return (end < 0 ? rest : rest.slice(0, end)).join('\n').trim();
}

function inline(text: string): ReactNode[] {
  return text.split(/(`[^`]+`)/).map((part, index) =>
    part.startsWith('`') && part.endsWith('`') ? (
      <code key={index} className="rounded bg-slate-800 px-1 font-mono text-emerald-200">
        {part.slice(1, -1)}
      </code>
    ) : (
      part
    ),
  );
}

function cells(row: string): string[] {
  return row
    .trim()
    .replace(/^\||\|$/g, '')
    .split('|')
    .map((cell) => cell.trim());
}

/** Renders the small Markdown subset the README sections use: paragraphs, one table, code blocks. */
function MarkdownBlock({ source }: { source: string }) {
  const blocks = source.split(/\n\s*\n/);
  return (
    <>
      {blocks.map((block, index) => {
        const trimmed = block.trim();
        if (trimmed.startsWith('```')) {
          return (
            <pre key={index} className="overflow-x-auto rounded bg-slate-800 p-3 text-xs">
              {trimmed.replace(/^```\w*\n?|```$/g, '')}
            </pre>
          );
        }
        if (trimmed.startsWith('|')) {
          const rows = trimmed.split('\n').filter((row) => !/^\|[\s|:-]+\|$/.test(row.trim()));
          const [head, ...body] = rows;
          return (
            <div key={index} className="overflow-x-auto">
              <table className="w-full text-left text-xs">
                <thead>
                  <tr>{cells(head ?? '').map((cell) => <th key={cell} className="border-b border-slate-700 p-2">{inline(cell)}</th>)}</tr>
                </thead>
                <tbody>
                  {body.map((row) => (
                    <tr key={row} className="border-b border-slate-800">
                      {cells(row).map((cell, c) => <td key={c} className="p-2 align-top">{inline(cell)}</td>)}
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          );
        }
        return <p key={index}>{inline(trimmed.replace(/\n/g, ' '))}</p>;
      })}
    </>
  );
}

export function DeploymentGuidePage() {
  const configuration = readmeSection(readme, 'Configuration');
  const scale = readmeSection(readme, 'Running at scale');
  return (
    <PageCard title="Deployment guide" wide>
      <div className="space-y-4 text-sm leading-relaxed text-slate-300">
        <h2 className="text-lg font-semibold text-slate-100">Configuration</h2>
        {configuration ? <MarkdownBlock source={configuration} /> : <p>See the Configuration section of the project's README.</p>}
        {scale ? (
          <>
            <h2 className="text-lg font-semibold text-slate-100">Running at scale</h2>
            <MarkdownBlock source={scale} />
          </>
        ) : null}
      </div>
    </PageCard>
  );
}
