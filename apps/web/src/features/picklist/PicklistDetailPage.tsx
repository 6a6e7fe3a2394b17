import { Alert, Badge, Button, Card, Group, SimpleGrid, Stack, Stepper, Switch, Text, TextInput } from '@mantine/core';
import { IconCheck, IconLockOpen, IconMapPin, IconPackage, IconShoppingCart } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useNavigate, useParams } from '@tanstack/react-router';
import type { PicklisteMitArtikeln, PicklistenArtikel } from '@vario/contract';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { NumberTextInput } from '@/components/form/NumberTextInput';
import { PageHeader } from '@/components/PageHeader';
import { handleApiError, notifySuccess } from '@/lib/api/error-handler';
import { isApiError } from '@/lib/api/errors';
import { formatDecimal } from '@/lib/format';
import { CameraCard } from '../scanner/CameraCard';
import { ScanEntryCard } from '../scanner/ScanEntryCard';
import { useBarcodeCamera } from '../scanner/use-barcode-camera';
import { useScan } from '../scanner/use-scan';
import { confirmPick, openPicklist, picklistKeys, setPicklistCart, unlockPicklist } from './api';
import { playSound, setSoundMuted, soundMuted } from './sounds';

type Step = 'place' | 'article' | 'quantity';
const same = (a: string | null | undefined, b: string) => !!a && a.trim().toLowerCase() === b.trim().toLowerCase();

/**
 * /digitalPicklist/{lfdNr}?lagerId (PICK-003): opening the list locks it for the user (PICK-011) and plays the positive
 * sound (PICK-004); picking scans the storage place, then the article, then confirms the quantity. A wrong code or a
 * refusal plays the negative sound (PICK-005). "Release" gives the lock back.
 */
export function PicklistDetailPage() {
  const { t } = useTranslation('picklist');
  const { id } = useParams({ strict: false }) as { id?: string };
  const lfdNr = Number(id);
  const navigate = useNavigate();
  const qc = useQueryClient();
  const [list, setList] = useState<PicklisteMitArtikeln | null>(null);
  const [failed, setFailed] = useState(false);
  const [step, setStep] = useState<Step>('place');
  const [place, setPlace] = useState<string | null>(null);
  const [line, setLine] = useState<PicklistenArtikel | null>(null);
  const [menge, setMenge] = useState<number | string | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [muted, setMuted] = useState(soundMuted);
  const [sending, setSending] = useState(false);
  const video = useRef<HTMLVideoElement>(null);

  const offen = (list?.artikel ?? []).filter((a) => a.offen > 0);
  const ohnePlatz = offen.length > 0 && offen.every((a) => a.location === null);

  const restart = (l: PicklisteMitArtikeln | null) => {
    const open = (l?.artikel ?? []).filter((a) => a.offen > 0);
    const none = open.length > 0 && open.every((a) => a.location === null);
    setStep(none ? 'article' : 'place');
    setPlace(null);
    setLine(null);
    setMenge(null);
  };

  useEffect(() => {
    let gone = false;
    openPicklist(lfdNr)
      .then((l) => {
        if (gone) return;
        setList(l);
        restart(l);
        playSound('positive');
      })
      .catch((e: unknown) => {
        if (gone) return;
        setFailed(true);
        playSound('negative');
        handleApiError(e);
      });
    return () => {
      gone = true;
    };
  }, [lfdNr]);

  const wrong = (text: string) => {
    setProblem(text);
    playSound('negative');
  };

  const { busy, scan, typed } = useScan(async (code) => {
    setProblem(null);
    if (step === 'place') {
      const hit = offen.find((a) => same(a.location, code));
      if (!hit) return wrong(t('wrongPlace', { code }));
      setPlace(hit.location);
      setStep('article');
      playSound('positive');
      return;
    }
    if (step === 'article') {
      const hit = offen.find((a) => (ohnePlatz || a.location === place) && (same(a.artikelnummer, code) || same(a.ean, code)));
      if (!hit) return wrong(t('wrongArticle', { code, place: place ?? t('noPlace') }));
      setLine(hit);
      setMenge(hit.offen);
      setStep('quantity');
      playSound('positive');
    }
  });
  const camera = useBarcodeCamera(video, !!list && step !== 'quantity', (code) => void scan(code));

  const confirm = async () => {
    if (!list || !line || typeof menge !== 'number') return;
    setSending(true);
    try {
      const next = await confirmPick({ lfdNr: list.lfdNr, positionId: line.id, lagerplatz: line.location, artikel: line.artikelnummer, menge });
      setList(next);
      restart(next);
      setProblem(null);
      playSound('positive');
      notifySuccess(next.erledigtAm ? t('done') : t('picked', { menge: formatDecimal(menge), nr: line.artikelnummer }));
    } catch (e) {
      playSound('negative');
      handleApiError(e);
    } finally {
      setSending(false);
    }
  };

  const release = async () => {
    try {
      await unlockPicklist(lfdNr);
    } catch (e) {
      handleApiError(e);
    }
    // the index shows the list's lock and what is left as they are now
    await qc.invalidateQueries({ queryKey: picklistKeys.all });
    void navigate({ to: '/digitalPicklist' });
  };

  const stepIndex = step === 'place' ? 0 : step === 'article' ? 1 : 2;
  return (
    <>
      <PageHeader
        title={t('list', { nr: lfdNr })}
        subtitle={list ? `${list.lagerNr} · ${t('order', { nr: list.belegnummer })}` : undefined}
        back={{ to: '/digitalPicklist', label: t('back') }}
        actions={
          <Group gap="sm">
            <Switch
              label={t('mute')}
              checked={muted}
              onChange={(e) => {
                setMuted(e.currentTarget.checked);
                setSoundMuted(e.currentTarget.checked);
              }}
              data-testid="picklist-mute"
            />
            <Button variant="default" leftSection={<IconLockOpen size={16} />} onClick={() => void release()} data-testid="picklist-release">
              {t('release')}
            </Button>
          </Group>
        }
      />
      {failed && (
        <Alert color="red" data-testid="picklist-failed">
          {t('empty')}
        </Alert>
      )}
      {list && (
        <Stack gap="md">
          {list.erledigtAm || offen.length === 0 ? (
            <Alert color="green" icon={<IconCheck size={18} />} data-testid="picklist-done">
              {t('allPicked')}
            </Alert>
          ) : (
            <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
              <Stack gap="sm">
                <Stepper active={stepIndex} size="sm" allowNextStepsSelect={false}>
                  <Stepper.Step label={t('stepPlace')} description={place ?? undefined} />
                  <Stepper.Step label={t('stepArticle')} description={line?.artikelnummer} />
                  <Stepper.Step label={t('stepQuantity')} />
                </Stepper>
                {step !== 'quantity' && <CameraCard video={video} camera={camera} />}
              </Stack>
              <Stack gap="sm">
                {step !== 'quantity' ? (
                  <ScanEntryCard
                    label={step === 'place' ? t('place') : t('articleCode')}
                    busy={busy}
                    onCode={(code) => void typed(code)}
                    description={step === 'place' ? t('stepPlace') : place ? `${t('stepArticle')} · ${t('placeHint', { place })}` : t('stepArticle')}
                    submit={
                      step === 'place'
                        ? { label: t('scanPlace'), icon: <IconMapPin size={16} />, testId: 'picklist-scan-place' }
                        : { label: t('scanArticle'), icon: <IconPackage size={16} />, testId: 'picklist-scan-article' }
                    }
                    problem={null}
                    onCloseProblem={() => setProblem(null)}
                  />
                ) : (
                  line && (
                    <Card withBorder radius="md" padding="md" data-testid="picklist-quantity-card">
                      <Text fw={600}>
                        {line.artikelnummer} · {line.bezeichnung}
                      </Text>
                      <Text size="sm" c="dimmed" mb="sm">
                        {t('placeHint', { place: line.location ?? t('noPlace') })} · {t('openQty', { menge: formatDecimal(line.offen) })}
                      </Text>
                      <NumberTextInput
                        label={t('quantity')}
                        value={menge}
                        onChange={setMenge}
                        format={{ scale: 3 }}
                        size="md"
                        inputMode="decimal"
                        data-testid="picklist-quantity"
                      />
                      <Group mt="md" gap="sm">
                        <Button
                          size="md"
                          leftSection={<IconCheck size={16} />}
                          loading={sending}
                          disabled={typeof menge !== 'number'}
                          onClick={() => void confirm()}
                          data-testid="picklist-confirm"
                        >
                          {t('confirm')}
                        </Button>
                        <Button size="md" variant="default" onClick={() => restart(list)}>
                          {t('cancel')}
                        </Button>
                      </Group>
                    </Card>
                  )
                )}
                {problem && (
                  <Alert color="red" variant="light" withCloseButton onClose={() => setProblem(null)} data-testid="picklist-problem">
                    {problem}
                  </Alert>
                )}
              </Stack>
            </SimpleGrid>
          )}
          {!list.erledigtAm && <CartField list={list} onSaved={setList} />}
          <Stack gap="xs" data-testid="picklist-lines">
            {list.artikel.map((a) => (
              <Card
                key={a.id}
                withBorder
                radius="md"
                padding="sm"
                data-testid={`picklist-line-${a.id}`}
                style={place && a.location === place && a.offen > 0 ? { borderColor: 'var(--mantine-color-blue-6)', borderWidth: 2 } : undefined}
              >
                <Group justify="space-between" wrap="nowrap" align="flex-start">
                  <div>
                    <Text fw={600}>
                      <IconMapPin size={14} /> {a.location ?? t('noPlace')}
                      {a.kistennummer ? ` · ${a.kistennummer}` : ''}
                    </Text>
                    <Text size="sm">
                      {a.artikelnummer} · {a.bezeichnung}
                    </Text>
                    {a.ean && (
                      <Text size="xs" c="dimmed">
                        EAN {a.ean}
                      </Text>
                    )}
                  </div>
                  <Stack gap={2} align="flex-end">
                    <Text
                      size="sm"
                      fw={700}
                      c={a.offen > 0 ? 'var(--mantine-color-blue-text)' : 'var(--mantine-color-green-text)'}
                      style={{ whiteSpace: 'nowrap' }}
                      data-testid="picklist-line-open"
                    >
                      {t('openQty', { menge: formatDecimal(a.offen) })}
                    </Text>
                    <Text size="xs" c="dimmed">
                      {t('pickedQty', { menge: formatDecimal(a.gepickt) })}
                    </Text>
                    {a.rueckstand && (
                      <Badge color="orange" variant="light">
                        {t('backorder')}
                      </Badge>
                    )}
                  </Stack>
                </Group>
              </Card>
            ))}
          </Stack>
        </Stack>
      )}
    </>
  );
}

/** PICK-007: the cart the list is picked onto, typed or scanned into the field; saved with Enter or the button. */
function CartField({ list, onSaved }: { list: PicklisteMitArtikeln; onSaved: (l: PicklisteMitArtikeln) => void }) {
  const { t } = useTranslation('picklist');
  const [value, setValue] = useState(list.wagenNr ?? '');
  const [error, setError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const changed = value !== (list.wagenNr ?? '');
  const save = async () => {
    if (!changed) return;
    setSaving(true);
    setError(null);
    try {
      const next = await setPicklistCart(list.lfdNr, value === '' ? null : value);
      onSaved(next);
      notifySuccess(next.wagenNr ? t('cartSaved', { nr: next.wagenNr }) : t('cartCleared'));
    } catch (e) {
      const field = isApiError(e) ? e.fieldErrors.wagenNr?.[0] : undefined;
      if (field) setError(field);
      else handleApiError(e);
    } finally {
      setSaving(false);
    }
  };
  return (
    <Group gap="sm" align="flex-end" wrap="nowrap">
      <TextInput
        label={t('cartLabel')}
        leftSection={<IconShoppingCart size={16} />}
        value={value}
        error={error}
        onChange={(e) => {
          setValue(e.currentTarget.value);
          setError(null);
        }}
        onKeyDown={(e) => {
          if (e.key === 'Enter' && !e.nativeEvent.isComposing) void save();
        }}
        style={{ flex: '1 1 auto', minWidth: 0, maxWidth: 280 }}
        data-testid="picklist-cart"
      />
      <Button variant="default" loading={saving} disabled={!changed} onClick={() => void save()} style={{ flexShrink: 0 }} data-testid="picklist-cart-save">
        {t('cartSave')}
      </Button>
    </Group>
  );
}
