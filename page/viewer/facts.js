/* facts.js - the panel "The run": the run's facts of the view shown
 * (page_facts.c: the RTS, the command line, the breakdown, the sampling
 * interval, when it started, the capabilities, whether its log is
 * whole), as a list of text, never markup (they are the program's). */

function makeFacts() {
  var box = $('facts'), list = $('facts-list');
  return (D) => {
    var F = D.facts || [];
    box.hidden = !F.length;
    list.textContent = '';
    F.forEach((f) => { list.appendChild(el('dt', null, f[0])); list.appendChild(el('dd', null, f[1])); });
  };
}
