import { App, Button, Card, Checkbox, Form, Input, Modal, Select, Space, Table, Tag, Typography } from 'antd';
import { useCallback, useEffect, useState } from 'react';
import { validateUsername as validateUserName } from '@renderer/core/validators';
import { validatePersonName, validatePhone } from '@renderer/core/validators';
import { call, ApiRequestError, NETWORK_ERROR_MESSAGE, type PageResult } from '@/api';
import { API } from '@contract/api';

interface RoleOption {
  roleCode: string;
  roleName: string;
}

interface CorpUser {
  id: string;
  userName: string;
  personName: string;
  mobile: string;
  roles: RoleOption[];
  status: 'ENABLED' | 'DISABLED';
  createdAt: string;
}

interface Query {
  keyword?: string;
  status?: 'ENABLED' | 'DISABLED';
}

interface NewUser {
  userName: string;
  personName: string;
  mobile: string;
  roles: string[];
}

const EMPTY: PageResult<CorpUser> = { list: [], pagecond: { count: 0, page: 1, size: 10 } };

/** An antd rule from a shared validator (the server runs the same one). */
const rule = (validate: (v: unknown) => true | string) => ({
  validator: async (_: unknown, value: unknown) => {
    if (value === undefined || value === '') return;
    const result = validate(value);
    if (result !== true) throw new Error(result);
  },
});

const errorText = (e: unknown): string => (e instanceof ApiRequestError ? e.message : NETWORK_ERROR_MESSAGE);

/**
 * my/enterprise-info/user/list (用户管理): the enterprise administrator's users — add one with roles (its
 * first password is shown once), change roles, disable and enable.
 */
export function UserListPage(): React.JSX.Element {
  const { message, modal } = App.useApp();
  const [queryForm] = Form.useForm<Query>();
  const [addForm] = Form.useForm<NewUser>();
  const [rolesForm] = Form.useForm<{ roles: string[] }>();
  const [query, setQuery] = useState<Query>({});
  const [paging, setPaging] = useState({ page: 1, size: 10 });
  const [data, setData] = useState<PageResult<CorpUser> | null>(null);
  const [options, setOptions] = useState<RoleOption[]>([]);
  const [adding, setAdding] = useState(false);
  const [editing, setEditing] = useState<CorpUser | null>(null);
  const [busy, setBusy] = useState(false);
  const [created, setCreated] = useState<{ userName: string; initialPassword: string } | null>(null);

  const load = useCallback(() => {
    setData(null);
    call<PageResult<CorpUser>>(API.users, { query: { ...paging, ...query } })
      .then(setData)
      .catch(() => setData(EMPTY));
  }, [paging, query]);
  useEffect(load, [load]);
  useEffect(() => {
    call<RoleOption[]>(API.userRoleOptions)
      .then(setOptions)
      .catch(() => setOptions([]));
  }, []);

  const roleChoices = options.map((o) => ({ value: o.roleCode, label: o.roleName }));

  const submitAdd = async (): Promise<void> => {
    const values = await addForm.validateFields();
    setBusy(true);
    try {
      const r = await call(API.userAdd, { body: values });
      setAdding(false);
      addForm.resetFields();
      setCreated(r);
      load();
    } catch (e) {
      void message.error(errorText(e));
    } finally {
      setBusy(false);
    }
  };

  const submitRoles = async (): Promise<void> => {
    if (!editing) return;
    const { roles } = await rolesForm.validateFields();
    setBusy(true);
    try {
      await call(API.userRoles, { params: { id: editing.id }, body: { roles } });
      void message.success('角色已更新，该用户下次操作时生效');
      setEditing(null);
      load();
    } catch (e) {
      void message.error(errorText(e));
    } finally {
      setBusy(false);
    }
  };

  const toggle = (user: CorpUser): void => {
    const disable = user.status === 'ENABLED';
    modal.confirm({
      title: disable ? '停用用户' : '启用用户',
      content: disable
        ? `停用后“${user.personName}（${user.userName}）”将立即退出登录且不能再登录，确定停用吗？`
        : `确定启用“${user.personName}（${user.userName}）”吗？`,
      okText: '确定',
      cancelText: '取消',
      onOk: async () => {
        try {
          await call(disable ? API.userDisable : API.userEnable, { params: { id: user.id } });
          void message.success(disable ? '已停用' : '已启用');
          load();
        } catch (e) {
          void message.error(errorText(e));
        }
      },
    });
  };

  return (
    <Card
      title="用户管理"
      extra={
        <Button type="primary" data-testid="user-add" onClick={() => setAdding(true)}>
          新增用户
        </Button>
      }
    >
      <Form
        form={queryForm}
        layout="inline"
        style={{ marginBottom: 16 }}
        onFinish={(v) => {
          setQuery({
            ...(v.keyword?.trim() ? { keyword: v.keyword.trim() } : {}),
            ...(v.status ? { status: v.status } : {}),
          });
          setPaging((p) => ({ ...p, page: 1 }));
        }}
      >
        <Form.Item name="keyword" label="用户名/姓名">
          <Input allowClear placeholder="请输入用户名或姓名" />
        </Form.Item>
        <Form.Item name="status" label="状态">
          <Select
            allowClear
            placeholder="全部"
            style={{ width: 120 }}
            options={[
              { value: 'ENABLED', label: '启用' },
              { value: 'DISABLED', label: '停用' },
            ]}
          />
        </Form.Item>
        <Form.Item>
          <Space>
            <Button type="primary" htmlType="submit">
              查询
            </Button>
            <Button
              onClick={() => {
                queryForm.resetFields();
                setQuery({});
                setPaging((p) => ({ ...p, page: 1 }));
              }}
            >
              重置
            </Button>
          </Space>
        </Form.Item>
      </Form>
      <Table<CorpUser>
        rowKey="id"
        data-testid="user-table"
        loading={data === null}
        dataSource={data?.list ?? []}
        pagination={{
          current: paging.page,
          pageSize: paging.size,
          total: data?.pagecond.count ?? 0,
          showTotal: (t) => `共 ${t} 条`,
          onChange: (page, size) => setPaging({ page, size }),
        }}
        columns={[
          { title: '用户名', dataIndex: 'userName' },
          { title: '姓名', dataIndex: 'personName' },
          { title: '手机号', dataIndex: 'mobile' },
          {
            title: '角色',
            dataIndex: 'roles',
            render: (roles: RoleOption[]) => roles.map((r) => <Tag key={r.roleCode}>{r.roleName}</Tag>),
          },
          {
            title: '状态',
            dataIndex: 'status',
            render: (s: CorpUser['status']) =>
              s === 'ENABLED' ? <Tag color="green">启用</Tag> : <Tag color="default">停用</Tag>,
          },
          { title: '创建时间', dataIndex: 'createdAt' },
          {
            title: '操作',
            key: 'actions',
            render: (_: unknown, user) => (
              <Space>
                <Typography.Link
                  data-testid={`user-roles-${user.userName}`}
                  onClick={() => {
                    rolesForm.setFieldsValue({ roles: user.roles.map((r) => r.roleCode) });
                    setEditing(user);
                  }}
                >
                  分配角色
                </Typography.Link>
                <Typography.Link data-testid={`user-toggle-${user.userName}`} onClick={() => toggle(user)}>
                  {user.status === 'ENABLED' ? '停用' : '启用'}
                </Typography.Link>
              </Space>
            ),
          },
        ]}
      />
      <Modal
        title="新增用户"
        open={adding}
        okText="确定"
        cancelText="取消"
        confirmLoading={busy}
        onOk={() => void submitAdd().catch(() => undefined)}
        onCancel={() => setAdding(false)}
        destroyOnHidden
      >
        <Form form={addForm} layout="vertical" preserve={false} data-testid="user-add-form">
          <Form.Item
            name="userName"
            label="用户名"
            rules={[{ required: true, message: '请输入用户名' }, rule(validateUserName)]}
          >
            <Input placeholder="4-20位字母、数字或下划线" maxLength={20} />
          </Form.Item>
          <Form.Item
            name="personName"
            label="姓名"
            rules={[{ required: true, message: '请输入姓名' }, rule(validatePersonName)]}
          >
            <Input placeholder="请输入姓名" maxLength={40} />
          </Form.Item>
          <Form.Item
            name="mobile"
            label="手机号"
            rules={[{ required: true, message: '请输入手机号码' }, rule(validatePhone)]}
          >
            <Input placeholder="请输入手机号码" maxLength={11} />
          </Form.Item>
          <Form.Item name="roles" label="角色" rules={[{ required: true, message: '请至少选择一个角色' }]}>
            <Checkbox.Group options={roleChoices} />
          </Form.Item>
        </Form>
      </Modal>
      <Modal
        title={editing ? `分配角色：${editing.personName}（${editing.userName}）` : '分配角色'}
        open={editing !== null}
        okText="确定"
        cancelText="取消"
        confirmLoading={busy}
        onOk={() => void submitRoles().catch(() => undefined)}
        onCancel={() => setEditing(null)}
      >
        <Form form={rolesForm} layout="vertical" data-testid="user-roles-form">
          <Form.Item name="roles" label="角色" rules={[{ required: true, message: '请至少选择一个角色' }]}>
            <Checkbox.Group options={roleChoices} />
          </Form.Item>
        </Form>
      </Modal>
      <Modal
        title="用户已创建"
        open={created !== null}
        okText="我已记下"
        cancelButtonProps={{ style: { display: 'none' } }}
        onOk={() => setCreated(null)}
        onCancel={() => setCreated(null)}
      >
        {created && (
          <Space direction="vertical">
            <span>
              用户名：<Typography.Text data-testid="created-user-name">{created.userName}</Typography.Text>
            </span>
            <span>
              初始密码：
              <Typography.Text copyable strong data-testid="created-user-password">
                {created.initialPassword}
              </Typography.Text>
            </span>
            <Typography.Text type="secondary">
              初始密码只显示这一次，请转交该用户并提醒其登录后修改密码。
            </Typography.Text>
          </Space>
        )}
      </Modal>
    </Card>
  );
}
