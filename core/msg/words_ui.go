package msg

// ui words the page's own errors: a malformed link (ui/link.go, its
// src=, ui/srclink.go, and its query as net/url reads it).
var ui = Catalog{
	"ui.link":          {`malformed link: %s`, `链接格式有误：%s`},
	"ui.page":          {`no page %q`, `没有页面 %q`},
	"ui.param":         {`unknown parameter %q`, `未知的参数 %q`},
	"ui.events":        {`events=%q is not a number from 1 to 2000000`, `events=%q 不是 1 到 2000000 之间的数`},
	"ui.conns":         {`conns=%q is not a number from 1 to 10000`, `conns=%q 不是 1 到 10000 之间的数`},
	"ui.pos":           {`pos=%q is not an event number`, `pos=%q 不是事件序号`},
	"ui.lang":          {`lang=%q: want en or zh`, `lang=%q：应为 en 或 zh`},
	"ui.theme":         {`theme=%q: want light or dark`, `theme=%q：应为 light 或 dark`},
	"ui.a":             {`a=%q: want EVENT:ACTION`, `a=%q：应写成 EVENT:ACTION`},
	"ui.a.action":      {`a=%q: no action`, `a=%q：缺少动作`},
	"ui.set":           {`set=%q: want one of the what-if settings, e.g. controller.putLock:false`, `set=%q：应为一项假设设置，例如 controller.putLock:false`},
	"ui.src.size":      {`src= is %d KB, more than the %d KB a link may carry`, `src= 有 %d KB，超过了链接最多能携带的 %d KB`},
	"ui.src.base64":    {`src= is not an edited scenario (base64url)`, `src= 不是编辑过的场景（不是 base64url 编码）`},
	"ui.src.inflate":   {`src= is not an edited scenario (it does not inflate: cut short?)`, `src= 不是编辑过的场景（无法解压：是不是被截断了？）`},
	"ui.url.escape":    {`invalid URL escape %q`, `无效的 URL 转义 %q`},
	"ui.model.budget":  {`the page stopped following the run after %d of its %d events (at %s): what it shows had grown past its budget of %d KB, more than a stage can draw: make the system smaller (fewer consumers, connections or threads)`, `页面在运行的第 %d 个事件处停止跟随（共 %d 个事件，虚拟时间 %s）：要显示的内容已超过 %d KB 的预算，舞台画不下：请把系统规模调小（更少的消费者、连接或线程）`},
	"ui.url.semicolon": {`invalid semicolon separator in query`, `查询串中有无效的分号分隔符`},
}
