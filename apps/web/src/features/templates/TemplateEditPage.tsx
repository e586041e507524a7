import { TEMPLATE_MSG } from '@ar/core';
import { Anchor, Group, Loader, Paper, Stack, Title } from '@mantine/core';
import { IconArrowLeft } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { showFailure } from '../../components/registry-ui.tsx';
import { TemplateForm } from './TemplateForm.tsx';
import { getTemplateCall } from './templates.api.ts';

/** The full-page forms: /cadastros/modelos/add and /cadastros/modelos/edit/{codModelo} (subject up to 180). */
export default function TemplateEditPage() {
  const { codModelo } = useParams();
  const navigate = useNavigate();
  const id = codModelo ? Number(codModelo) : null;
  const template = useQuery({
    queryKey: ['modelo', id],
    queryFn: () => getTemplateCall(id ?? 0),
    enabled: id !== null,
    gcTime: 0,
  });
  useEffect(() => {
    if (template.isError) {
      showFailure(TEMPLATE_MSG.getError, template.error);
      navigate('/cadastros/modelos', { replace: true });
    }
  }, [template.isError, template.error, navigate]);
  const back = () => navigate('/cadastros/modelos');

  return (
    <Paper p="lg" withBorder radius="md">
      <Stack>
        <Group justify="space-between">
          <Title order={3}>{id ? 'Editar Modelo' : 'Novo Modelo'}</Title>
          <Anchor component={Link} to="/cadastros/modelos" size="sm">
            <Group gap={4}>
              <IconArrowLeft size={14} /> Voltar para Modelos
            </Group>
          </Anchor>
        </Group>
        {id !== null && !template.data ? (
          <Loader />
        ) : (
          <TemplateForm template={template.data ?? null} variant="page" onSaved={back} onCancel={back} />
        )}
      </Stack>
    </Paper>
  );
}
